"""FTPPortMapper: Rewrites FTP PORT commands and adds matching rewriter mappings.

Facts from Click's elements/app/ftpportmapper.hh and .cc.
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('FTPPortMapper', '1/1', 'a/a',
    args=(
        Arg('CONTROL_REWRITER', 'element', positional=True, required=True),
        Arg('DATA_REWRITER', 'element', positional=True, required=True),
        Arg('DATA_REWRITER_INPUT', 'int', positional=True, required=True),
    ),
    validate=tcp_not_implemented,
)
