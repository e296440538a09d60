"""BandwidthMeter: Sends packets to outputs by the measured byte rate against increasing
thresholds.

Facts from Click's elements/standard/bandwidthmeter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from typing import Any

from clickc.elements.parsers import meter_rates
from clickc.elements.spec import ElementSpec, Handler


def meter_thresholds(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """Custom parser of BandwidthMeter and Meter: the rates checked by
    ``clickc.elements.parsers.meter_rates`` (Click's BandwidthMeter::configure; bytes or
    packets per second, increasing, one fewer than the outputs, at most 2^22 - 1), then
    emitted for the template as ``static const uint32_t ELEM(rates)[]`` in
    ``element.facts.c_code``
    (docs/c-interface.md, "Code generated for one instance").  Returns ``{"RATES": [...]}`` or
    None after reporting errors."""
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


SPEC = ElementSpec(
    name='BandwidthMeter',
    port_count='1/2-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.standard.bandwidthmeter:meter_thresholds',
    handlers=(
        Handler('rate'),
        Handler('meters'),
    ),
    state='shared',
    doc=(
        'Sends packets to outputs by the measured byte rate against increasing '
        'thresholds.'
    ),
)
