/* ScheduleInfo(ELEMENT PARAM, ...): tickets of elements' tasks (Click's
 * elements/standard/scheduleinfo.cc).  The parameters are read at compile time by the
 * configuration checker (clickc.elements.parsers:schedule_info); the element itself does
 * nothing at run time. */
