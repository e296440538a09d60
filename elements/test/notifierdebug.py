"""NotifierDebug: Passes packets through and prints the notifier signal of its input.

Facts from Click's elements/test/notifierdebug.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('NotifierDebug', '1/1', 'a/a',
    config='none',
    handlers=(Handler('signal', doc="the upstream empty signal of a pull input, or the "
                      "downstream full signal of a push one, in Click's notation "
                      '(empty.WORD/MASK:VALUE or full.WORD/MASK:VALUE, "*" when active, "+" '
                      'between words; "busy*" when always active)'),),
    header_delta=0,
    shows_signal=True,
)
