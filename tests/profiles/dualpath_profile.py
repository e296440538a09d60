"""Synthetic profiles of examples/dualpath.click for the placement strategy tests: the packet
counts every element of the dual-path router sees when ``rate`` packets/s enter and a share
``vpn`` of them takes Path II, with chosen service times (cycles/packet)."""

from __future__ import annotations

from clickc.passes.profile import ElementRecord, Profile

#: Service times (cycles/packet) of the synthetic profiles: the IPsec pair dominates, as in
#: Wu & Wolf's Fig. 6 with 1452-byte packets; everything else is cheap.
COSTS = {"src": 400, "ToDump@18": 300, "IPsecAuthHMACSHA1@24": 3000, "IPsecDES@25": 20000}
CHEAP = 60


def add(recs: dict[str, ElementRecord], name: str, cls: str, ins: list[int], outs: list[int],
        cost: float) -> None:
    """A record of ``name`` that saw these counts and ``cost`` cycles/packet (one packet in
    256 sampled, as the instrumented router does)."""
    packets = sum(ins) if ins else sum(outs)
    sampled = max(1, packets // 256) if packets else 0
    recs[name] = ElementRecord(cls, ins, outs, calls=sampled, cycles=int(cost * sampled),
                               sampled_packets=sampled)


def dualpath_profile(vpn: float, rate: float = 100000.0, seconds: float = 1.0,
                     fingerprint: str = "synthetic",
                     replicas: dict[str, list[int]] | None = None) -> Profile:
    """A Profile of dualpath.click (element names as clickc numbers them) where ``vpn`` of
    ``rate`` packets/s take Path II.  ``replicas``: records of flow-split's replicas (original
    name -> packets each replica saw) instead of the original's, as a profile taken with -j 2
    has them (for the IPsec region also its HashSwitch, Queues and Unqueues)."""
    n = int(rate * seconds)
    v = int(n * vpn)
    p = n - v
    out = n  # every packet leaves once (Path II re-enters the lookup, then Path I's tail)
    flows: dict[str, tuple[str, list[int], list[int]]] = {
        "src": ("FromDump", [], [n]),
        "c_in": ("Counter", [n], [n]),
        "Classifier@3": ("Classifier", [n], [n]),
        "Strip@4": ("Strip", [n], [n]),
        "CheckIPHeader@5": ("CheckIPHeader", [n], [n, 0]),
        "GetIPAddress@6": ("GetIPAddress", [n], [n]),
        "mix": ("StrideSwitch", [n], [p, v]),
        "path1": ("Counter", [p], [p]),
        "rt": ("RadixIPLookup", [out], [0, out]),
        "to_host": ("Counter", [0], [0]),
        "Discard@11": ("Discard", [0], []),
        "fwd": ("Counter", [out], [out]),
        "FixIPSrc@13": ("FixIPSrc", [out], [out]),
        "ttl": ("DecIPTTL", [out], [out, 0]),
        "EtherEncap@15": ("EtherEncap", [out], [out]),
        "q": ("Queue", [out], [out]),
        "c_out": ("Counter", [out], [out]),
        "ToDump@18": ("ToDump", [out], []),
        "expired": ("Counter", [0], [0]),
        "Discard@20": ("Discard", [0], []),
        "vrt": ("RadixIPsecLookup", [2 * v], [0, v, 0, v]),
        "path2": ("Counter", [v], [v]),
        "IPsecESPEncap@23": ("IPsecESPEncap", [v], [v]),
        "IPsecAuthHMACSHA1@24": ("IPsecAuthHMACSHA1", [v], [v]),
        "IPsecDES@25": ("IPsecDES", [v], [v]),
        "IPsecEncap@26": ("IPsecEncap", [v], [v]),
        "c_tunnel": ("Counter", [v], [v]),
    }
    recs: dict[str, ElementRecord] = {}
    for name, (cls, ins, outs) in flows.items():
        add(recs, name, cls, ins, outs, COSTS.get(name, CHEAP))
    for name, counts in (replicas or {}).items():
        base = name.split("@r")[0]
        for k, c in enumerate(counts):
            add(recs, f"{name}@r{k}", recs[base].class_name, [c], [c], COSTS.get(base, CHEAP))
        del recs[base]  # the router that measured had only the replicas
        if base == "IPsecAuthHMACSHA1@24":
            # flow-split's switch and every replica's Queue and Unqueue, as -j 2 measures them
            add(recs, f"{base}@split", "HashSwitch", [sum(counts)], list(counts), CHEAP)
            for k, c in enumerate(counts):
                add(recs, f"{base}@r{k}q", "Queue", [c], [c], CHEAP)
                add(recs, f"{base}@r{k}uq", "Unqueue", [c], [c], CHEAP)
    return Profile(config_file="examples/dualpath.click", fingerprint=fingerprint,
                   duration_ns=int(seconds * 1e9), runs=1, cycles_per_ns=2.5,
                   elements=recs, source="<synthetic>")
