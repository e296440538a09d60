"""PullSwitch: Answers each pull by pulling input INPUT, chosen by configuration and the switch
handler (-1: none).

Facts from Click's elements/standard/pullswitch.hh and .cc (configuration and handlers from
Click's SimplePullSwitch, elements/simple/simplepullswitch.cc).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler


def switch_spec(name: str, doc: str = "", notifier: bool = False) -> ElementSpec:
    """The spec of PullSwitch and of Click's SimplePullSwitch: any number of pull inputs, one
    pull output, an INPUT argument and the handlers switch (read/write) and config;
    ``notifier``: an empty notifier forwarding its selected input's signal (PullSwitch)."""
    return ElementSpec(name, '-/1', 'l/l',
        args=(Arg('INPUT', 'int', positional=True, default=0,
                  doc='the input pulled; a negative value or one >= the input count: none'),),
        handlers=(
            Handler('switch', write=True, doc='the input pulled (-1: none); writing a value '
                    'outside 0 .. inputs - 1 switches off'),
            Handler('config', doc='the input pulled'),
        ),
        header_delta=0,
        doc=doc,
        empty_notifier=notifier,
        forwards_empty_notifier=notifier,
    )


SPEC = switch_spec('PullSwitch', notifier=True)
