"""Click's numeric argument parsers: integers, reals, fixed point, times and bandwidths.

Each function reproduces one of Click's parser classes (``lib/args.cc``, ``lib/confparse.cc``)
including its rounding, saturation and error wording.  A function returns the parsed value or
raises :class:`NumError` whose ``message`` is Click's text (``"invalid number"``, ``"out of
range, bound 4294967295"``) or empty when Click reports only the generic ``"parse error"``.
"""

from __future__ import annotations

import math
import re

from .lexing import is_digit, is_space

U32 = 0xFFFFFFFF
U64 = 0xFFFFFFFFFFFFFFFF


class NumError(ValueError):
    """A numeric parse failure; ``message`` is Click's error text ("" = generic parse error)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message


# -- integers (IntArg) ------------------------------------------------------------------------

def _int_span(s: str, is_signed: bool, base: int) -> tuple[int, int]:
    """IntArg::span: (index just after the number, effective base)."""
    n = len(s)
    i = 0
    if i < n and ((is_signed and s[i] == "-") or s[i] == "+"):
        i += 1
    b = base
    if (b == 0 or b == 16) and i + 2 < n and s[i] == "0" and s[i + 1] in "xX":
        i += 2
        b = 16
    elif b == 0 and i + 2 < n and s[i] == "0" and s[i + 1] in "bB":
        i += 2
        b = 2
    elif b == 0 and i < n and s[i] == "0":
        b = 8
    elif b == 0:
        b = 10
    ndigits = min(b, 10)
    nletters = b - 10 if b > 10 else 0
    first = i
    last = i - 1
    while i < n:
        c = s[i]
        if c == "_" and last == i:
            pass
        elif ("0" <= c < chr(48 + ndigits)) or ("A" <= c < chr(65 + nletters)) \
                or ("a" <= c < chr(97 + nletters)):
            last = i + 1
        else:
            break
        i += 1
    if i != first:
        return last, b
    if first > 1:
        return first - 1, b
    return 0, b


def parse_int(s: str, bits: int = 32, signed: bool = True, base: int = 0,
              saturating: bool = False) -> int:
    """Click's ``IntArg(base).parse`` into a ``bits``-wide (un)signed integer.

    Accepts an optional sign (``-`` only when signed, ``+`` always), then digits in ``base``;
    base 0 means decimal, ``0x``/``0X`` hexadecimal, ``0b``/``0B`` binary, a leading ``0``
    octal.  Single underscores may separate digits (``1_000``).  Errors: ``"invalid number"``;
    ``"out of range, bound B"`` where B is the nearest representable value (with ``saturating``
    that value is returned instead, as SaturatingIntArg).
    """
    end, b = _int_span(s, signed, base)
    if b < 2 or b > 36 or end == 0 or end != len(s):
        raise NumError("invalid number")
    v = 0
    nlimb = (bits + 31) // 32
    limit = 1 << (32 * nlimb)
    for c in s[:end]:
        if is_digit(c):
            d = ord(c) - 48
        elif "A" <= c < chr(65 + max(b - 10, 0)):
            d = ord(c) - 55
        elif "a" <= c < chr(97 + max(b - 10, 0)):
            d = ord(c) - 87
        else:
            continue
        v = min(v * b + d, limit)  # anything from ``limit`` up is out of range
    negative = signed and s[0] == "-"
    # Click's range test looks only at the limb holding the sign bit (lib/args.cc IntArg::parse)
    bitsize = bits - (1 if signed else 0)
    over = v >= limit
    if not over:
        k = bitsize // 32
        if k < nlimb and (v >> (32 * k)) & U32 >= (1 << (bitsize - 32 * k)) + negative:
            over = True
        if any((v >> (32 * j)) & U32 for j in range(k + 1, nlimb)):
            over = True
    if over:
        bound = -(1 << (bits - 1)) if negative else (1 << bitsize) - 1
        if saturating:
            return bound
        raise NumError(f"out of range, bound {bound}")
    if not negative:
        return v
    if nlimb == 1:
        return -v
    # Click negates a multi-limb magnitude limb by limb and then decrements the limbs above the
    # last non-zero one; for 64-bit values whose magnitude has both limbs non-zero this is not
    # two's complement (Click reads "-4294967297" as -1).  Reproduced so that a compiled router
    # sees the value Click would.
    limbs = [(v >> (32 * j)) & U32 for j in range(nlimb)]
    first_zero = nlimb
    for j in range(nlimb):
        limbs[j] = (-limbs[j]) & U32
        if limbs[j]:
            first_zero = j + 1
    for j in range(first_zero, nlimb):
        limbs[j] = (limbs[j] - 1) & U32
    r = sum(x << (32 * j) for j, x in enumerate(limbs))
    return r - (1 << bits) if r >= (1 << (bits - 1)) else r


# -- reals (DoubleArg) ------------------------------------------------------------------------

_STRTOD = re.compile(
    r"[+-]?(?:"
    r"(?P<hex>0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?)"
    r"|(?P<dec>(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<inf>[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)"
    r"|(?P<nan>[nN][aA][nN](?:\([0-9A-Za-z_]*\))?)"
    r")"
)

_DBL_MIN = 2.2250738585072014e-308


def _fmt_g(x: float) -> str:
    """C's ``%g``."""
    if math.isinf(x):
        return "-inf" if x < 0 else "inf"
    return f"{x:g}"


def parse_double(s: str) -> float:
    """Click's ``DoubleArg``: C ``strtod`` over the whole text, no leading space.

    Accepts decimal reals with exponents (``1e-3``, ``.5``, ``5.``), C99 hexadecimal floats
    (``0x1p3``), ``inf``/``infinity``/``nan`` in any case.  Overflow is the error ``"out of
    range, bound inf"``; underflow to zero ``"underflow, rounded to 0"``; a subnormal result
    (glibc reports ERANGE) ``"out of range, bound <value>"``.
    """
    if not s or is_space(s[0]):
        raise NumError()
    m = _STRTOD.fullmatch(s)
    if m is None:
        raise NumError()
    neg = s[0] == "-"
    if m.group("inf") is not None:
        return -math.inf if neg else math.inf
    if m.group("nan") is not None:
        return math.nan
    text = s.lstrip("+-")
    if m.group("hex") is not None:
        if "p" not in text.lower():
            text += "p0"
        v = float.fromhex(text)
        # float.fromhex raises OverflowError for huge values instead of returning inf
    else:
        v = float(text)
    if neg:
        v = -v
    if math.isinf(v):
        raise NumError(f"out of range, bound {_fmt_g(v)}")
    if v == 0.0 and _has_nonzero_mantissa(text):
        raise NumError("underflow, rounded to 0")
    if v != 0.0 and abs(v) < _DBL_MIN:
        raise NumError(f"out of range, bound {_fmt_g(v)}")
    return v


def _has_nonzero_mantissa(text: str) -> bool:
    t = text.lower()
    if t.startswith("0x"):
        mant = t[2:].split("p")[0]
        return any(c not in "0." for c in mant)
    mant = t.split("e")[0]
    return any(c not in "0." for c in mant)


def parse_double_safe(s: str) -> float:
    """:func:`parse_double`, with Python's OverflowError from huge hex floats mapped to Click's."""
    try:
        return parse_double(s)
    except OverflowError:
        raise NumError("out of range, bound " + ("-inf" if s.startswith("-") else "inf")) \
            from None


# -- decimal fractions (args.cc: preparse_fraction, parse_decimal_fraction, parse_fraction) ----

def _wrap32(v: int) -> int:
    """``v`` as a C ``int`` (32-bit two's complement wrap-around)."""
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= (1 << 31) else v


def _preparse_fraction(s: str, end: int, is_signed: bool, integer_digits: int
                       ) -> tuple[int, int]:
    """Returns (end of the number or 0 when no digits, integer_digits incl. exponent)."""
    i = 0
    if i < end and ((is_signed and s[i] == "-") or s[i] == "+"):
        i += 1
    first = i
    last = first - 1
    point = False
    while i < end:
        c = s[i]
        if c == "_" and last == i:
            pass
        elif c == "." and not point and (last == i or first == i):
            point = True
        elif is_digit(c):
            if not point:
                integer_digits += 1
            last = i + 1
        else:
            break
        i += 1
    if last == first - 1:
        return 0, integer_digits
    if i != end and s[i] in "eE" and i + 1 != end:
        e = i
        i += 2 if s[i + 1] in "+-" else 1
        if i != end and is_digit(s[i]):
            # Click accumulates the exponent in a C int: huge exponents wrap around
            exponent = ord(s[i]) - 48
            i += 1
            while i != end and is_digit(s[i]):
                exponent = _wrap32(10 * exponent + ord(s[i]) - 48)
                i += 1
            integer_digits = _wrap32(integer_digits
                                     + (_wrap32(-exponent) if s[e + 1] == "-" else exponent))
        else:
            i = e
    return i, integer_digits


def _parse_integer_portion(s: str, i: int, end: int, integer_digits: int
                           ) -> tuple[int, int, bool]:
    """Returns (next index, value saturated to uint64, overflowed)."""
    v = 0
    over = False
    while integer_digits > 0:
        if i >= end or s[i] in "eE":
            # Only zeros remain: v * 10^integer_digits, saturating (a huge exponent must
            # not loop once per digit).
            if v and (integer_digits > 20 or v * 10 ** integer_digits > U64):
                return i, U64, True
            return i, v * 10 ** integer_digits, over
        elif is_digit(s[i]):
            d = ord(s[i]) - 48
            i += 1
        else:
            i += 1
            continue
        if v * 10 + d > U64:
            v = U64
            over = True
        else:
            v = v * 10 + d
        integer_digits -= 1
    return i, v, over


def _integer_part(s: str, end: int, is_signed: bool, exponent_delta: int
                  ) -> tuple[int, int, int, bool, int]:
    """The part args.cc's ``parse_decimal_fraction`` and ``parse_fraction`` share: preparse
    ``s[:end]`` and read the integer digits.  Returns (end of the number, 0 when there is none;
    index of the first fraction digit; integer value saturated to uint64; overflowed; integer
    digits still owed, 0 or negative: leading fraction zeros a negative exponent adds)."""
    nend, integer_digits = _preparse_fraction(s, end, is_signed, exponent_delta)
    if nend == 0:
        return 0, 0, 0, False, integer_digits
    i = 0
    ivalue = 0
    over = False
    if integer_digits > 0:
        i, ivalue, over = _parse_integer_portion(s, i, nend, integer_digits)
        integer_digits = 0
    return nend, i, ivalue, over, integer_digits


def _carry(ivalue: int, over: bool) -> tuple[int, bool]:
    """A fraction rounded up to 1 carries into the uint64 integer part: (new integer part,
    overflowed, which wrapping to 0 sets)."""
    ivalue = (ivalue + 1) & U64
    return ivalue, over or ivalue == 0


def parse_decimal_fraction(s: str, is_signed: bool, exponent_delta: int, fraction_digits: int
                           ) -> tuple[int, int, int, bool]:
    """args.cc ``parse_decimal_fraction``: (end, integer part, fraction in 10^-digits, range).

    ``end`` is 0 when there is no number.  The fraction is rounded half up at the digit after
    the last kept one; a carry into the integer part can overflow (range).
    """
    end, i, ivalue, over, integer_digits = _integer_part(s, len(s), is_signed, exponent_delta)
    if end == 0:
        return 0, 0, 0, False
    fvalue = 0
    maxf = 1
    fd = fraction_digits
    while fd > 0:
        if integer_digits < 0:
            d = 0
            integer_digits += 1
        elif i >= end or s[i] in "eE":
            d = 0
        elif is_digit(s[i]):
            d = ord(s[i]) - 48
            i += 1
        else:
            i += 1
            continue
        fvalue = fvalue * 10 + d
        maxf *= 10
        fd -= 1
    while i < end and s[i] not in "eE" and not is_digit(s[i]):
        i += 1
    if i < end and "5" <= s[i] <= "9":
        fvalue += 1
        if fvalue == maxf:
            fvalue = 0
            ivalue, over = _carry(ivalue, over)
    return end, ivalue, fvalue, over


def parse_fraction(s: str, end: int, is_signed: bool, exponent_delta: int
                   ) -> tuple[int, int, int, bool]:
    """args.cc ``parse_fraction`` over ``s[:end]``: (end, integer part, 32-bit binary fraction,
    range); the fraction is rounded to nearest (Click's ``fraction_accum``)."""
    nend, i, ivalue, over, integer_digits = _integer_part(s, end, is_signed, exponent_delta)
    if nend == 0:
        return 0, 0, 0, False
    x = i
    while x != nend and s[x] not in "eE":
        x += 1
    accum = 0
    while x != i:
        x -= 1
        if is_digit(s[x]):
            accum = (accum + ((ord(s[x]) - 48) << 33)) // 10
            integer_digits += 1
    while integer_digits <= 0 and accum != 0:
        accum = accum // 10
        integer_digits += 1
    accum += 1
    fvalue = (accum >> 1) & U32
    if accum >= (1 << 33):
        ivalue, over = _carry(ivalue, over)
    return nend, ivalue, fvalue, over


def parse_fixed(s: str, fraction_bits: int, signed: bool = False) -> int:
    """Click's ``FixedPointArg(fraction_bits)``: a real as an integer in units of 2^-bits.

    Unsigned results are 32-bit; signed ones are int32.  Errors: generic parse error for bad
    text; ``"out of range, bound X"`` with X printed as Click's ``cp_unparse_real2``.
    """
    end, ivalue, fvalue, over = parse_fraction(s, len(s), signed, 0)
    if end != len(s) or end == 0:
        raise NumError()
    if fraction_bits == 32:
        if ivalue == 0:
            result = fvalue
        else:
            over = True
            result = U32
    else:
        mi = ivalue
        mf = fvalue + (1 << (31 - fraction_bits))
        if mf > U32:
            mi += 1
            mf &= U32
        if mi >= ivalue and mi < (1 << (32 - fraction_bits)):
            result = (mi << fraction_bits) | (mf >> (32 - fraction_bits))
        else:
            over = True
            result = U32
    if over:
        result = U32
    if not signed:
        if over:
            raise NumError(f"out of range, bound {unparse_real2(U32, fraction_bits)}")
        return result
    negative = s[0] == "-"
    limit = 0x7FFFFFFF + (1 if negative else 0)
    if not over and result > limit:
        over = True
    if over:
        result = limit
    value = -result if negative else result
    if over:
        raise NumError(f"out of range, bound {unparse_real2_signed(value, fraction_bits)}")
    return value


def unparse_real2(real: int, frac_bits: int) -> str:
    """Click's ``cp_unparse_real2(uint32_t, frac_bits)`` (Knuth's ``print_scaled``): the
    shortest decimal that reads back as ``real`` (in units of 2^-frac_bits)."""
    real &= U32
    out = str(real >> frac_bits)
    one = 1 << frac_bits
    real &= one - 1
    if not real:
        return out
    out += "."
    real = (10 * real + 5) & U32
    allowable = 10
    rounder = 5
    while rounder < (one >> 1):
        rounder *= 10
    while True:
        if allowable > one:
            real = (real + (one >> 1) - rounder) & U32
        out += chr(48 + (real >> frac_bits))
        real = (10 * (real & (one - 1))) & U32
        allowable = (allowable * 10) & U32
        if not real > allowable:
            break
    return out


def unparse_real2_signed(value: int, frac_bits: int) -> str:
    """``cp_unparse_real2(int32_t, frac_bits)``."""
    if value < 0:
        return "-" + unparse_real2(-value, frac_bits)
    return unparse_real2(value, frac_bits)


# -- units (args.cc UnitArg) -------------------------------------------------------------------

# (suffix, power of ten, factor), in Click's table order; a unit matches at the end of the text
# and may be preceded by one prefix character that adds to the power.
_SECONDS_UNITS: tuple[tuple[str, int, int], ...] = (
    ("s", 0, 1), ("sec", 0, 1), ("m", 1, 6), ("min", 1, 6), ("h", 2, 36), ("hr", 2, 36),
    ("d", 2, 864), ("day", 2, 864),
)
_SECONDS_PREFIXES = {"m": -3, "u": -6, "n": -9}
_BANDWIDTH_UNITS: tuple[tuple[str, int, int], ...] = (
    ("baud", -3, 125), ("bps", -3, 125), ("b/s", -3, 125), ("Bps", 0, 1), ("B/s", 0, 1),
)
_BANDWIDTH_PREFIXES = {"k": 3, "K": 3, "M": 6, "G": 9}


def _parse_unit(s: str, units: tuple[tuple[str, int, int], ...], prefixes: dict[str, int]
                ) -> tuple[int, int, int, bool]:
    """UnitArg::parse: (end of the number part, power, factor, a unit was found)."""
    end = len(s)
    for suffix, power, factor in units:
        if len(suffix) <= end and s.endswith(suffix):
            e = end - len(suffix)
            if e > 0 and s[e - 1] in prefixes:
                power += prefixes[s[e - 1]]
                e -= 1
            while e > 0 and is_space(s[e - 1]):
                e -= 1
            return e, power, factor, True
    return end, 0, 1, False


def _multiply_factor(ix: int, fx: int, factor: int) -> tuple[int, bool]:
    """args.cc ``multiply_factor``: (uint32 result, overflowed)."""
    ix &= U32
    if factor == 1:
        if fx >= 0x80000000:
            ix = (ix + 1) & U32
            return ix, ix == 0
        return ix, False
    p = fx * factor
    flow, ftoint = p & U32, p >> 32
    if flow >= 0x80000000:
        ftoint += 1
    q = ix * factor
    ilow, ihigh = q & U32, q >> 32
    total = ilow + ftoint
    return total & U32, ihigh != 0 or total > U32


def _parse_unit_value(s: str, units: tuple[tuple[str, int, int], ...], prefixes: dict[str, int],
                      digits: int) -> tuple[int, bool]:
    """UnitArg::parse_unit then the number: (the value in units of 10^-``digits`` of the
    table's base unit as uint32, rounded to nearest; a unit was found).  Errors: generic
    parse error; ``"out of range"``."""
    uend, power, factor, has_unit = _parse_unit(s, units, prefixes)
    end, ix, fx, over = parse_fraction(s, uend, False, power + digits)
    if end == 0 or end != uend:
        raise NumError()
    if ix > U32:
        over = True
    v, over2 = _multiply_factor(ix, fx, factor)
    if over or over2:
        raise NumError("out of range")
    return v, has_unit


def parse_bandwidth(s: str) -> tuple[int, bool]:
    """Click's ``BandwidthArg``: (bytes per second as uint32, had a unit).

    Units: ``baud``, ``bps``, ``b/s`` (bits per second); ``Bps``, ``B/s`` (bytes per second);
    none = bytes per second.  Prefixes ``k``/``K`` (10^3), ``M`` (10^6), ``G`` (10^9).  The
    value is rounded to the nearest byte/s.  Errors: generic parse error; ``"out of range"``.
    """
    return _parse_unit_value(s, _BANDWIDTH_UNITS, _BANDWIDTH_PREFIXES, 0)


def parse_seconds(s: str, fraction_digits: int = 0) -> int:
    """Click's ``SecondsArg(fraction_digits)``: a time as a uint32 count of 10^-digits seconds.

    Units (at the end, optional space before): ``s``/``sec``, ``m``/``min``, ``h``/``hr``,
    ``d``/``day``, with prefixes ``m`` (milli), ``u`` (micro), ``n`` (nano): ``1.5ms``,
    ``100 us``.  No unit = seconds.  Rounded to nearest.  Errors: generic parse error; ``"out
    of range"``.
    """
    return _parse_unit_value(s, _SECONDS_UNITS, _SECONDS_PREFIXES, fraction_digits)[0]


def _read_unit_old(s: str) -> tuple[int, int, int]:
    """confparse.cc ``read_unit`` with the seconds table: (end, power, factor).

    The old table is searched from its end, so ``day`` is tried before ``d`` and so on; for the
    seconds units no text ends with two of them, so the order does not change the result.
    """
    for suffix, power, factor in reversed(_SECONDS_UNITS):
        if s.endswith(suffix):
            e = len(s) - len(suffix)
            if e > 0 and s[e - 1] in _SECONDS_PREFIXES:
                power += _SECONDS_PREFIXES[s[e - 1]]
                e -= 1
            while e > 0 and is_space(s[e - 1]):
                e -= 1
            return e, power, factor
    return len(s), 0, 1


def parse_timestamp(s: str, allow_negative: bool = False) -> int:
    """Click's ``TimestampArg`` (``cp_time``): a time interval in nanoseconds.

    The text is a real with an optional unit (as :func:`parse_seconds`), kept to 9 decimal places
    (rounded half up).  Like Click, seconds saturate at 2^32-1 and a unit factor is applied with
    Click's 32-bit arithmetic, and Click's Timestamp holds seconds in an int32 (so ``4294967295``
    is -1 s).  With ``allow_negative`` a leading ``-`` negates the whole seconds only, as Click
    does (``-1.5`` is -1 s + 0.5 s = -0.5 s).
    """
    after, power, factor = _read_unit_old(s)
    begin = 0
    negative = False
    if allow_negative and after > 1 and s[0] == "-" and s[1] != "+":
        negative = True
        begin = 1
    text = s[begin:after]
    end, ivalue, fvalue, over = parse_decimal_fraction(text, False, power, 9)
    if end == 0 or end != len(text):
        raise NumError()
    if ivalue > U32:
        over = True
    if over:
        sec, nsec = U32, 999999999
    else:
        sec, nsec = ivalue, fvalue
    if factor != 1:
        nsec = (nsec * factor) & U32
        delta = nsec // 1000000000
        nsec -= delta * 1000000000
        sec = (sec * factor + delta) & U32
    # Click's Timestamp keeps seconds in an int32 (seconds_type), so large values wrap.
    ssec = sec - (1 << 32) if sec >= (1 << 31) else sec
    if negative:
        ssec = -ssec
    return ssec * 1000000000 + nsec


# -- booleans (BoolArg) ------------------------------------------------------------------------

_BOOLS = {"0": False, "n": False, "f": False, "false": False, "no": False,
          "1": True, "y": True, "t": True, "true": True, "yes": True}


def parse_bool(s: str) -> bool:
    """Click's ``BoolArg``: exactly ``true``/``t``/``yes``/``y``/``1`` or ``false``/``f``/
    ``no``/``n``/``0`` (lower case only; ``on``/``off`` are not booleans).  Generic error."""
    if s in _BOOLS:
        return _BOOLS[s]
    raise NumError()
