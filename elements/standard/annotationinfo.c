/* AnnotationInfo(NAME OFFSET [SIZE], ...): defines names for packet annotations (Click's
 * elements/standard/annotationinfo.cc).  Its names are resolved at compile time, in the other
 * elements' annotation arguments (clickc.args): nothing is left to do at run time. */
