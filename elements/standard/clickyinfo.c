/* ClickyInfo(...): style sheets for the Clicky GUI (Click's elements/standard/clickyinfo.cc).
 * Clicky reads them from the configuration text; a running router has nothing to do. */
