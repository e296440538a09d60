"""FTPPortMapper: Rewrites FTP PORT commands and adds matching rewriter mappings.

Facts from Click's elements/app/ftpportmapper.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='FTPPortMapper',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('CONTROL_REWRITER', 'element', positional=True, required=True),
        Arg('DATA_REWRITER', 'element', positional=True, required=True),
        Arg('DATA_REWRITER_INPUT', 'int', positional=True, required=True),
    ),
    validate=tcp_not_implemented,
    doc='Rewrites FTP PORT commands and adds matching rewriter mappings.',
)
