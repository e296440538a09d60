/* The native_vlan handler of VLANEncap and EtherVLANEncap (ethernet/ckvlan.h, which defines
 * its state; included after it by a template that defines CK_VLAN_NATIVE).  Per instance. */
static CK_UNUSED int ELEM(read_native_vlan)(ck_buf *out)
{
    ELEM(vl_read)(out, 4, ELEM(vl_native));
    return 0;
}

static CK_UNUSED int ELEM(write_native_vlan)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0)
        return ck_error(errh, "NATIVE_VLAN: invalid number");
    if (v < -1)
        return ck_error(errh, "NATIVE_VLAN: out of range, bound -1");
    if (v > 0xFFF)
        return ck_error(errh, "NATIVE_VLAN: out of range, bound 4095");
    ELEM(vl_native) = (int32_t)v;
    ELEM(vl_given) |= 4;
    return 0;
}
