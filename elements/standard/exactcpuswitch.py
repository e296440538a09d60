"""ExactCPUSwitch: Sends each packet to the output numbered by the rank of the thread that
pushes it among the threads that push into the element, modulo the number of outputs.

FastClick's class (elements/standard/exactcpuswitch.hh and .cc): unlike CPUSwitch, whose output
is the thread's number modulo the outputs, the threads that push are spread evenly over the
outputs.  The threads are those the placement pass finds executing the element
(``ELEMENT_THREAD_LIST``, docs/c-interface.md).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ExactCPUSwitch', '1/1-', 'h/h',
    config='none',
    header_delta=0,
)
