/* ProgressBar(POSHANDLER [, SIZEHANDLER, KEYWORDS]) (Click's elements/userlevel/progressbar.cc,
 * whose drawing follows OpenSSH scp's progress meter): every UPDATE a runtime timer reads the
 * position handlers (their values, as real numbers, added), the first time also the size
 * handlers (or FIXED_SIZE), and writes one line to standard error, starting with a carriage
 * return: BANNER, the percentage, a bar as wide as the terminal allows (TIOCGWINSZ, else 80
 * columns; "***" bouncing while the size is unknown, dashes when a position cannot be read),
 * the position abbreviated (K, M, G... above 99999) and the elapsed time or ETA ("- stalled -"
 * after 5 s without progress).  Nothing is drawn when standard error is no terminal, with
 * CHECK_STDOUT when standard output is one, while the process is not in the terminal's
 * foreground, or before DELAY.  mark_done and mark_stopped (and the router's end, when a bar
 * is showing) draw a last line ending with a newline.  Click's timer runs for ever; here it
 * lapses while no source is active, so that the router can end, and resumes when one becomes
 * active again (standard/timedsink.c does the same). */
#include <unistd.h>
#include <sys/ioctl.h>
#include <errno.h>
#include "standard/ckbool.h"

/* Click's states, in Click's order (the draw compares them) */
enum { ELEM(FIRST), ELEM(MIDDLE), ELEM(DONE), ELEM(FIRSTDONE), ELEM(DEAD) };

static ck_timer ELEM(timer);
static char **ELEM(hs);   /* handler names: the size handlers, then the position handlers */
static int ELEM(nh), ELEM(first_pos);
static int ELEM(status), ELEM(active), ELEM(have_size);
static double ELEM(size), ELEM(last_pos);
static int64_t ELEM(start_ns), ELEM(last_ns), ELEM(stall_ns), ELEM(delay_until_ns);
static char *ELEM(banner);

/* The words of a handler list as newly allocated names (NULL and *n 0 for none; -1 out of
 * memory).  Each must be a readable handler (Click's cp_handler), else -1 after errh. */
static int ELEM(split)(const char *text, char ***out, int *n, ck_errh *errh)
{
    *out = NULL;
    *n = 0;
    for (const char *s = text; *s;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        const char *e = s;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n' && *e != '\r')
            e++;
        char **grown = realloc(*out, (size_t)(*n + 1) * sizeof **out);
        if (!grown)
            return ck_error(errh, "out of memory");
        *out = grown;
        (*out)[*n] = strndup(s, (size_t)(e - s));
        if (!(*out)[*n])
            return ck_error(errh, "out of memory");
        ++*n;
        if (ck_handler_check_read((*out)[*n - 1], NULL, errh) != 0)
            return -1;
        s = e;
    }
    return 0;
}

static void ELEM(free_list)(char **l, int n)
{
    for (int i = 0; i < n; i++)
        free(l[i]);
    free(l);
}

/* Click's get_value: the sum of handlers [first, last); false when there are none or one
 * does not read as a real number. */
static int ELEM(get_value)(int first, int last, double *value)
{
    *value = 0;
    int all = 1;
    for (int i = first; i < last; i++) {
        ck_buf b;
        ck_buf_init(&b);
        ck_errh errh;
        ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
        char *end = NULL;
        double v = 0;
        if (ck_handler_read(ELEM(hs)[i], &b, &errh) == 0) {
            const char *s = ck_buf_str(&b);
            v = strtod(s, &end);
            while (end && end != s && (*end == ' ' || *end == '\n' || *end == '\t' || *end == '\r'))
                end++;
        }
        if (end && *end == '\0' && end != ck_buf_str(&b))
            *value += v;
        else
            all = 0;
        ck_buf_free(&b);
    }
    return first == last ? 0 : all;
}

static void ELEM(revive)(void *arg)
{
    (void)arg;
    ck_timer_schedule_after(&ELEM(timer), 0);
}

/* The next draw after ms milliseconds, or none while no source is active. */
static void ELEM(again)(int64_t ms)
{
    if (ck_sources_active() > 0 || ck_on_source_revive(ELEM(revive), NULL) < 0)
        ck_timer_schedule_after(&ELEM(timer), ms * 1000000);
}

static int ELEM(tty_width)(void)
{
    struct winsize ws;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) != -1 && ws.ws_col)
        return ws.ws_col;
    return 80;
}

static void ELEM(draw)(void *arg)
{
    (void)arg;
    if (!ELEM(active) || ELEM(status) == ELEM(DEAD))
        return;
    if (ELEM(status) == ELEM(FIRST) || ELEM(status) == ELEM(FIRSTDONE)) {
        if (!ELEM(have_size))
            ELEM(have_size) = ELEM(get_value)(0, ELEM(first_pos), &ELEM(size));
        ELEM(last_pos) = 0;
        ELEM(last_ns) = ELEM(start_ns) = ck_now_ns();
        ELEM(stall_ns) = 0;
        ELEM(delay_until_ns) = ELEM(start_ns) + (int64_t)CONF(DELAY) * 1000000;
        if (ELEM(status) == ELEM(FIRST))
            ELEM(status) = ELEM(MIDDLE);
    }
    if (tcgetpgrp(STDERR_FILENO) != getpgrp()) { /* not in the foreground */
        ELEM(again)((int64_t)CONF(UPDATE));
        return;
    }
    int64_t now = ck_now_ns();
    if (now < ELEM(delay_until_ns)) {
        ELEM(again)((ELEM(delay_until_ns) - now + 999999) / 1000000);
        return;
    }
    double pos = 0, therm;
    int have_pos = ELEM(get_value)(ELEM(first_pos), ELEM(nh), &pos);
    if (!have_pos)
        therm = -1;
    else if (!ELEM(have_size)) {
        therm = (int)(pos / 100000) % 200;
        if (therm > 100)
            therm = 200 - therm;
    } else if (ELEM(size) > 0) {
        therm = (int)(100 * pos / ELEM(size));
        therm = therm < 0 ? 0 : therm > 100 ? 100 : therm;
    } else
        therm = 100;

    ck_buf sa;
    ck_buf_init(&sa);
    ck_buf_puts(&sa, "\r");
    if (ELEM(banner) && ELEM(banner)[0])
        ck_buf_printf(&sa, "%s ", ELEM(banner));
    if (have_pos && ELEM(have_size))
        ck_buf_printf(&sa, "%3d%% ", (int)therm);
    else if (ELEM(have_size))
        ck_buf_puts(&sa, "  -% ");
    int bar = ELEM(tty_width)() - (int)(sa.len + 25);
    if (ELEM(have_size) && ELEM(first_pos) == 0)
        bar += 8;
    if (bar > 240)
        bar = 240;
    if (bar > 0) {
        ck_buf_puts(&sa, "|");
        int from = 0, to = 0; /* the stars */
        char fill = ' ';
        if (therm < 0 || (!ELEM(have_size) && ELEM(status) >= ELEM(DONE)))
            fill = '-';
        else if (!ELEM(have_size)) {
            int w = bar > 3 ? 3 : 1;
            from = (int)((bar - w) * therm / 100);
            to = from + w;
        } else
            to = (int)(bar * therm / 100);
        for (int i = 0; i < bar; i++)
            ck_buf_append(&sa, fill == '-' ? "-" : i >= from && i < to ? "*" : " ", 1);
        ck_buf_puts(&sa, "|");
    }
    if (ELEM(have_size) && ELEM(first_pos) == 0)
        ck_buf_puts(&sa, " ");
    else if (have_pos) {
        static const char prefixes[] = " KMGTP";
        int which = 0;
        double abbrev = pos;
        while (abbrev >= 100000 && which < 6) {
            which++;
            abbrev /= 1024;
        }
        char pfx = which < 6 ? prefixes[which] : '\0';
        ck_buf_printf(&sa, " %5lu%c%c ", (unsigned long)abbrev, pfx ? pfx : ' ',
                      pfx == ' ' ? ' ' : 'B');
    } else
        ck_buf_puts(&sa, " -----   ");

    int64_t wait = now - ELEM(last_ns);
    if (pos > ELEM(last_pos)) {
        ELEM(last_ns) = now;
        ELEM(last_pos) = pos;
        if (wait >= 5 * (int64_t)1000000000)
            ELEM(stall_ns) += wait;
        wait = 0;
    }
    double elapsed = (double)(now - ELEM(start_ns) - ELEM(stall_ns)) / 1e9;
    if (ELEM(status) < ELEM(DONE) &&
        (!have_pos || !ELEM(have_size) || elapsed <= 0.0 || pos > ELEM(size)))
        ck_buf_puts(&sa, "   --:-- ETA");
    else if (wait >= 5 * (int64_t)1000000000)
        ck_buf_puts(&sa, " - stalled -");
    else {
        int remaining, eta;
        if (ELEM(status) >= ELEM(DONE) || !have_pos || pos < 1e-6) {
            remaining = (int)elapsed;
            eta = 0;
        } else {
            remaining = (int)(ELEM(size) / (pos / elapsed) - elapsed);
            eta = 1;
        }
        int hr = remaining / 3600;
        if (hr)
            ck_buf_printf(&sa, "%2d:", hr);
        else
            ck_buf_puts(&sa, "   ");
        int sec = remaining % 3600;
        ck_buf_printf(&sa, "%02d:%02d%s", sec / 60, sec % 60, eta ? " ETA" : "    ");
    }
    if (ELEM(status) >= ELEM(DONE))
        ck_buf_puts(&sa, "\n");
    const char *d = ck_buf_str(&sa);
    size_t len = strlen(d), off = 0;
    while (off < len) {
        ssize_t got = write(STDERR_FILENO, d + off, len - off);
        if (got > 0)
            off += (size_t)got;
        else if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
            break;
    }
    ck_buf_free(&sa);
    if (ELEM(status) < ELEM(DONE))
        ELEM(again)((int64_t)CONF(UPDATE));
    else
        ELEM(active) = 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    char **size_h = NULL, **pos_h = NULL;
    int nsize = 0, npos = 0;
#if CONF_GIVEN(SIZEHANDLER)
    const char *size_text = CONF(SIZEHANDLER);
#else
    const char *size_text = "";
#endif
    if (ELEM(split)(size_text, &size_h, &nsize, errh) < 0 ||
        ELEM(split)(CONF(POSHANDLER), &pos_h, &npos, errh) < 0) {
        ELEM(free_list)(size_h, nsize);
        ELEM(free_list)(pos_h, npos);
        return -1;
    }
    ELEM(hs) = calloc((size_t)(nsize + npos) + 1, sizeof *ELEM(hs));
    if (!ELEM(hs))
        return ck_error(errh, "out of memory");
    for (int i = 0; i < nsize; i++)
        ELEM(hs)[i] = size_h[i];
    for (int i = 0; i < npos; i++)
        ELEM(hs)[nsize + i] = pos_h[i];
    free(size_h);
    free(pos_h);
    ELEM(nh) = nsize + npos;
    ELEM(first_pos) = nsize;
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(size) = -1;
#if CONF_GIVEN(FIXED_SIZE)
    ELEM(size) = (double)CONF(FIXED_SIZE);
    ELEM(have_size) = 1;
#endif
#if CONF_GIVEN(BANNER)
    ELEM(banner) = strndup(CONF(BANNER), (size_t)CONF_LEN(BANNER));
#endif
    if (!isatty(STDERR_FILENO) || (CONF(CHECK_STDOUT) && isatty(STDOUT_FILENO)))
        ELEM(status) = ELEM(DEAD);
    else
        ELEM(status) = ELEM(FIRST);
    ck_timer_init(&ELEM(timer), ELEM(draw), NULL);
    if (ELEM(active) && ELEM(status) != ELEM(DEAD))
        ck_timer_schedule_after(&ELEM(timer), 0);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(status) == ELEM(MIDDLE)) {
        ELEM(status) = ELEM(DONE);
        ELEM(draw)(NULL);
    }
    ELEM(free_list)(ELEM(hs), ELEM(nh));
    ELEM(hs) = NULL;
    ELEM(nh) = 0;
    free(ELEM(banner));
    ELEM(banner) = NULL;
}

/* Click's complete: a last line, as done (the size becomes the position) or stopped. */
static void ELEM(complete)(int full)
{
    if (ELEM(status) < ELEM(DONE) && ELEM(active)) {
        if (full) {
            ELEM(have_size) = 1;
            (void)ELEM(get_value)(ELEM(first_pos), ELEM(nh), &ELEM(size));
        }
        ELEM(status) = ELEM(status) == ELEM(FIRST) ? ELEM(FIRSTDONE) : ELEM(DONE);
        ck_timer_unschedule(&ELEM(timer));
        ELEM(draw)(NULL);
    }
}

static CK_UNUSED int ELEM(write_mark_stopped)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(complete)(0);
    return 0;
}

static CK_UNUSED int ELEM(write_mark_done)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(complete)(1);
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(have_size) = 0;
    ELEM(status) = ELEM(FIRST);
    ELEM(active) = 1;
    ck_timer_schedule_after(&ELEM(timer), 0);
    return 0;
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ_STRING(banner, ELEM(banner) ? ELEM(banner) : "");

/* Click's String(double) */
static CK_UNUSED int ELEM(read_pos)(ck_buf *out)
{
    ck_buf_printf(out, "%.12g", ELEM(last_pos));
    return 0;
}

static CK_UNUSED int ELEM(read_size)(ck_buf *out)
{
    ck_buf_printf(out, "%.12g", ELEM(size));
    return 0;
}

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    int v;
    if (ck_parse_bool(value, &v) < 0)
        return ck_error(errh, "type mismatch");
    ELEM(active) = v;
    if (v && !ELEM(timer).scheduled)
        ck_timer_schedule_after(&ELEM(timer), 0);
    return 0;
}

static CK_UNUSED int ELEM(write_banner)(const char *value, ck_errh *errh)
{
    char *b = ck_strdup(value);
    (void)errh;
    free(ELEM(banner));
    ELEM(banner) = b;
    return 0;
}

static CK_UNUSED int ELEM(write_size)(const char *value, ck_errh *errh)
{
    char *end;
    double v = strtod(value, &end);
    while (*end == ' ' || *end == '\n' || *end == '\t')
        end++;
    if (end == value || *end)
        return ck_error(errh, "expected real number");
    ELEM(size) = v;
    return 0;
}

static int ELEM(read_list)(ck_buf *out, int first, int last)
{
    for (int i = first; i < last; i++)
        ck_buf_printf(out, "%s%s", i > first ? " " : "", ELEM(hs)[i]);
    return 0;
}

static CK_UNUSED int ELEM(read_poshandler)(ck_buf *out)
{
    return ELEM(read_list)(out, ELEM(first_pos), ELEM(nh));
}

static CK_UNUSED int ELEM(read_sizehandler)(ck_buf *out)
{
    return ELEM(read_list)(out, 0, ELEM(first_pos));
}

/* Click's poshandler and sizehandler writes: the named list replaced, the other kept; a new
 * size list makes the size unknown until the next first draw. */
static int ELEM(write_list)(const char *value, int is_pos, ck_errh *errh)
{
    char **words;
    int n;
    if (ELEM(split)(value, &words, &n, errh) < 0) {
        ELEM(free_list)(words, n);
        return -1;
    }
    int keep_first = is_pos ? 0 : ELEM(first_pos), keep_last = is_pos ? ELEM(first_pos) : ELEM(nh);
    int kept = keep_last - keep_first;
    char **hs = calloc((size_t)(kept + n) + 1, sizeof *hs);
    if (!hs) {
        ELEM(free_list)(words, n);
        return ck_error(errh, "out of memory");
    }
    int j = 0;
    if (is_pos)
        for (int i = keep_first; i < keep_last; i++)
            hs[j++] = ELEM(hs)[i];
    for (int i = 0; i < n; i++)
        hs[j++] = words[i];
    if (!is_pos)
        for (int i = keep_first; i < keep_last; i++)
            hs[j++] = ELEM(hs)[i];
    for (int i = 0; i < ELEM(nh); i++)
        if (i < keep_first || i >= keep_last)
            free(ELEM(hs)[i]);
    free(ELEM(hs));
    free(words);
    ELEM(hs) = hs;
    ELEM(nh) = kept + n;
    if (!is_pos) {
        ELEM(have_size) = 0;
        ELEM(first_pos) = n;
    }
    return 0;
}

static CK_UNUSED int ELEM(write_poshandler)(const char *value, ck_errh *errh)
{
    return ELEM(write_list)(value, 1, errh);
}

static CK_UNUSED int ELEM(write_sizehandler)(const char *value, ck_errh *errh)
{
    return ELEM(write_list)(value, 0, errh);
}
