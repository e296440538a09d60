/* Null2: passes packets through unchanged (Click's elements/standard/nulls.cc: eight copies
 * of Null). */
#include "null.c"
