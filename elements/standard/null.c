/* Null: passes packets through unchanged (Click's elements/standard/nullelement.cc). */
static ck_packet *ELEM(simple_action)(ck_packet *p) { return p; }
#include "simple_action.h"
