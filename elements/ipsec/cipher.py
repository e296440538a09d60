"""The specs shared by the IPsec classes that work on ESP packets with libcrypto: the ciphers
(IPsecAES, IPsecDES, IPsecDES3) and the authenticator (IPsecAuthHMACSHA1), which keep every
header in place and change only the bytes behind the ESP header, and the ESP framing classes
(IPsecESPEncap, IPsecESPUnencap), which add or remove the ESP header and trailer with the
security association (SA) annotation's state.

Facts from Click's elements/ipsec/ (aes, des, hmacsha1, esp, desp .hh and .cc).
"""

from clickc.elements.spec import Arg, ConcurrencyPolicy, ElementSpec, Handler

#: The arguments of a cipher: direction, and the trailing bytes (the authenticator) it leaves
#: alone (IGNORE is a clickc keyword; Click fixes it at 12).
CIPHER_ARGS = (
    Arg('ENCRYPT', 'int', positional=True, required=True),
    Arg('IGNORE', 'unsigned', default=12,
        doc='bytes at the end left alone (clickc keyword; fixed at 12 in Click)'),
)


def cipher_spec(name: str, *, cost: float, doc: str = "", port_count: str = '1/1',
                args: tuple[Arg, ...] = CIPHER_ARGS, handlers: tuple[Handler, ...] = (),
                state: str = 'none', concurrency: ConcurrencyPolicy | None = None,
                concurrency_note: str = '') -> ElementSpec:
    """The spec of the ESP payload cipher or authenticator ``name``: agnostic ports, each packet
    transformed alone (``per_packet``), headers kept in place (``header_delta`` 0, ``cipher``),
    linked with libcrypto; ``cost`` in cycles per packet."""
    return ElementSpec(name, port_count, 'a/a',
        args=args,
        handlers=handlers,
        state=state,
        concurrency=concurrency,
        concurrency_note=concurrency_note,
        per_packet=True,
        libs=('-lcrypto',),
        cost=cost,
        header_delta=0,
        cipher=True,
        doc=doc,
    )


def esp_spec(name: str, *, doc: str, concurrency: ConcurrencyPolicy, concurrency_note: str,
             ip_header: str | None = None, header_delta: int | None = None) -> ElementSpec:
    """The spec of the ESP framing class ``name``: one input, one output, no configuration,
    the SA annotation's sequence and replay state shared (``state='shared'``), linked with
    libcrypto."""
    return ElementSpec(name, '1/1', 'a/a',
        config='none',
        state='shared',
        concurrency=concurrency,
        concurrency_note=concurrency_note,
        libs=('-lcrypto',),
        cost=40.0,
        ip_header=ip_header,
        header_delta=header_delta,
        doc=doc,
    )
