/* StaticThreadSched(ELEMENT THREAD, ...): assigns elements' tasks to threads (Click's
 * elements/threads/staticthreadsched.cc).  The assignments are applied at compile time by the
 * placement pass (clickc.passes.placement, docs/passes.md): each task's thread becomes its
 * ELEMENT_THREAD, so nothing happens at run time. */
