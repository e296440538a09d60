"""PrintOld: Prints the packets older than AGE milliseconds (since their timestamp), in hex
after LABEL, with a line giving the age.

Facts from Click's elements/userlevel/printold.hh and .cc.  Click's build leaves the class out
(its source requires 'false' and does not compile); clickc builds it from that source
(docs/more-elements.md, "PrintOld").  The C file is elements/userlevel/printold.c.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('PrintOld', '1/1', 'a/a',
    args=(
        Arg('LABEL', 'string', positional=True, default='', doc='text at the start of each line'),
        Arg('AGE', 'int', positional=True, default=5, doc='milliseconds'),
        Arg('MAXLENGTH', 'int', positional=True, default=24,
            doc='bytes printed (negative: all)'),
        Arg('LENGTH', 'int', deprecated=True, doc='old name of MAXLENGTH'),
        Arg('NBYTES', 'int', deprecated=True, doc='old name of MAXLENGTH'),
    ),
    shared_output=True,
    header_delta=0,
)
