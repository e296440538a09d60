/* DevirtualizeInfo: hints for Click's click-devirtualize tool, which clickc's own compilation
 * replaces (Click's elements/standard/devirtualizeinfo.cc accepts any configuration and does
 * nothing).  Nothing to do at run time. */
