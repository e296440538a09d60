/* A one-byte annotation chosen by an optional ANNO argument (Click's AnnoArg(1): an annotation
 * name such as PAINT, which the runtime resolves, or a byte offset), PAINT by default; shared
 * by Paint and PaintSwitch.  Gives ELEM(anno_off) and ELEM(anno_setup)(errh), to be called from
 * the template's init: 0, or -1 after reporting "bad annotation".  Included once per instance:
 * no include guard on purpose. */
static int ELEM(anno_off) = PAINT_ANNO_OFFSET;

static CK_UNUSED int ELEM(anno_by_name)(const char *name) { return ck_anno_offset(name); }
static CK_UNUSED int ELEM(anno_by_offset)(long off) { return (int)off; }

static int ELEM(anno_setup)(ck_errh *errh)
{
#if CONF_GIVEN(ANNO)
    ELEM(anno_off) = _Generic((CONF(ANNO)), char *: ELEM(anno_by_name),
                              const char *: ELEM(anno_by_name),
                              default: ELEM(anno_by_offset))(CONF(ANNO));
    if (ELEM(anno_off) < 0 || ELEM(anno_off) >= CK_ANNO_SIZE)
        return ck_error(errh, "bad annotation");
#else
    (void)errh;
#endif
    return 0;
}
