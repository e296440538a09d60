/* Message(MESSAGE [, TYPE]): Click's elements/standard/messageelement.cc prints MESSAGE when
 * the router is configured.  clickc configures the router when it compiles it: the checker
 * prints the message then (clickc.elements.parsers:message_element, under Click's "While
 * configuring" context, as information, a warning or an error by TYPE); the compiled router
 * has nothing left to do. */
