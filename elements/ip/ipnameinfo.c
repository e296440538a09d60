/* IPNameInfo: Click's element that installs its IP name tables (elements/ip/ipnameinfo.cc).
 * clickc's names (clickc.args.names) are always known at compile time; an instance does
 * nothing. */
