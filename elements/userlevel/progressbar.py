"""ProgressBar: Draws a progress bar on standard error (a terminal) from the values of read
handlers: a position, and a size read once.

Facts from Click's elements/userlevel/progressbar.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ProgressBar', '0/0', 'a/a',
    args=(
        Arg('POSHANDLER', 'anything', positional=True, required=True,
            doc='read handlers (space-separated) whose values, added, are the position'),
        Arg('SIZEHANDLER', 'anything', positional=True,
            doc='read handlers whose values, added, are the size (read the first time)'),
        Arg('UPDATE', 'milliseconds', default=250, doc='redraw interval'),
        Arg('BANNER', 'string', doc='text printed before the bar'),
        Arg('ACTIVE', 'bool', default=True, doc='draw at all'),
        Arg('DELAY', 'milliseconds', default=0, doc='draw nothing before this time has passed'),
        Arg('CHECK_STDOUT', 'bool', default=False,
            doc='draw nothing when standard output is a terminal'),
        Arg('FIXED_SIZE', 'real', doc='the size, when there is no SIZEHANDLER'),
    ),
    handlers=(
        Handler('mark_stopped', read=False, write=True,
                doc='draw the bar a last time, as stopped'),
        Handler('mark_done', read=False, write=True,
                doc='draw the bar a last time, as complete (the size becomes the position)'),
        Handler('active', write=True, doc='ACTIVE'),
        Handler('banner', write=True, doc='BANNER'),
        Handler('poshandler', write=True, doc='the position handlers'),
        Handler('sizehandler', write=True, doc='the size handlers'),
        Handler('pos', doc='the last position read'),
        Handler('size', write=True, doc='the size'),
        Handler('reset', read=False, write=True,
                doc='start again: the size is read again, ACTIVE becomes true'),
    ),
    schedulable='timer',
    state='shared',
)
