/* AlignmentInfo(ELEMENT CHUNK OFFSET ...): declares the alignment of packet data at element
 * inputs for click-align (Click's elements/standard/alignmentinfo.cc). The declarations are
 * checked at compile time (clickc.elements.parsers:alignment_info) and nothing happens at run
 * time: clickc's packets start 8-byte aligned and its element code reads headers with
 * unaligned-safe loads, so no element depends on the declared alignment. */
