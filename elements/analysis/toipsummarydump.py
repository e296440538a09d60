"""ToIPSummaryDump: Writes one text (or binary) line per packet with the requested IP header
fields.

Facts from Click's elements/analysis/toipsumdump.hh and .cc.
"""

import re

from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value

#: Field names (and Click's synonyms) that print the timestamp annotation.
_TIME_FIELD = re.compile(r'^(?:first_)?(?:[nu]?timestamp|ts(?:_sec|_usec1?)?|sec|usec1?)$')


def reads_timestamp(e: Configured) -> bool:
    """Reads the timestamp when CONTENTS (default ``timestamp ip_src``) names a time field;
    Click also accepts "ts sec" written with a space: any time word counts."""
    contents = arg_value(e, 'CONTENTS', 'timestamp ip_src')
    words = contents if isinstance(contents, (list, tuple)) else str(contents).split()
    return any(_TIME_FIELD.match(str(w).strip().lower().replace(' ', '_')) for w in words)


SPEC = ElementSpec('ToIPSummaryDump', '1/0-1', 'a/h',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True),
        Arg('CONTENTS', 'anything', default='timestamp ip_src'),
        Arg('FIELDS', 'anything'),
        Arg('DATA', 'anything', deprecated=True),
        Arg('VERBOSE', 'bool', default=False),
        Arg('HEADER', 'bool', default=True),
        Arg('BANNER', 'string'),
        Arg('MULTIPACKET', 'bool', default=False),
        Arg('BAD_PACKETS', 'bool', default=False),
        Arg('CAREFUL_TRUNC', 'bool', default=True),
        Arg('EXTRA_LENGTH', 'bool', default=True),
        Arg('BINARY', 'bool', default=False),
    ),
    handlers=(Handler('flush', read=False, write=True),),
    schedulable='pull-sink',
    empty_signal=True,
    state='shared',
    click_flags='S2',
    reads_timestamp=reads_timestamp,
    libs=('-lcrypto',),  # payload_md5: OpenSSL's MD5 (analysis/ckmd5.h)
)
