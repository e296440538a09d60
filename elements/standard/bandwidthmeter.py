"""BandwidthMeter: Sends packets to outputs by the measured byte rate against increasing
thresholds.

Facts from Click's elements/standard/bandwidthmeter.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec
from clickc.args.numbers import NumError, parse_bandwidth
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def meter_rates(graph: RouterGraph, element: Element,
                ctx: ConfigureContext) -> dict[str, Any] | None:
    """Meter and BandwidthMeter: increasing rates, one fewer than the outputs (Click's
    BandwidthMeter::configure; Meter shares it)."""
    conf = cp_argvec(element.config)
    if not conf:
        ctx.error("too few arguments to BandwidthMeter(bandwidth, ...)")
        return None
    rates: list[int] = []
    for i, text in enumerate(conf):
        try:
            v, has_unit = parse_bandwidth(text.strip())
        except NumError:
            ctx.error(f"argument {i + 1} syntax error")
            return None
        if i > 0 and v <= rates[-1]:
            ctx.error(f"rate {i + 1} must be > rate {i}")
            return None
        if not has_unit and v != 0:
            ctx.warning(f"no units for bandwidth argument {i + 1}, assuming Bps")
        rates.append(v)
    noutputs = int(graph.noutputs_used(element.name))
    if len(rates) + 1 != noutputs:
        ctx.error(f"need {noutputs - 1} arguments, one less than the number of output ports")
        return None
    return {"RATES": rates}


def meter_thresholds(graph: RouterGraph, element: Element,
                     ctx: ConfigureContext) -> dict[str, Any] | None:
    """Custom parser of BandwidthMeter and Meter: the rates checked by :func:`meter_rates`
    (Click's BandwidthMeter::configure; bytes or packets per second, increasing, one fewer than
    the outputs, at most 2^22 - 1), then emitted for the template as ``static const uint32_t
    ELEM(rates)[]`` in ``element.facts.c_code`` (docs/c-interface.md, "Code generated for
    one instance").  Returns ``{"RATES": [...]}`` or None after reporting errors."""
    result = meter_rates(graph, element, ctx)
    if result is not None:
        max_value = 0xFFFFFFFF >> 10  # RateEWMA's scale: Click's configure refuses larger
        for i, r in enumerate(result["RATES"]):
            if int(r) > max_value:
                ctx.error(f"rate {i + 1} too large (max {max_value})")
                return None
        rates = ", ".join(f"UINT32_C({int(r)})" for r in result["RATES"])
        element.facts.c_code = (f"/* {element.class_name} thresholds, per second */\n"
                                   f"static const uint32_t ELEM(rates)[] = {{{rates}}};\n")
    return result


def meter_spec(name: str, doc: str = "") -> ElementSpec:
    """The spec of BandwidthMeter or Meter, which shares BandwidthMeter's configuration and
    handlers in Click: outputs by increasing rate thresholds (:func:`meter_thresholds`)."""
    return ElementSpec(name, '1/2-', 'h/h',
        config='custom',
        custom_parser=meter_thresholds,
        handlers=(
            Handler('rate'),
            Handler('meters'),
        ),
        state='shared',
        doc=doc,
    )


SPEC = meter_spec(name='BandwidthMeter')
