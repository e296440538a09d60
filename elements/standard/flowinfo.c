/* FlowInfo(ELEMENT CODE, ...): overrides other elements' flow codes (Click's
 * elements/standard/flowinfo.cc).  The compiler's passes read the overrides
 * (clickc.elements.hooks.flow_code_of): nothing is left to do at run time. */
