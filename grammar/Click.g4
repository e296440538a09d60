/*
 * Click.g4 -- the Click router configuration language (click(5)), as accepted by Click's tools
 * lexer (tools/lib/lexert.cc), for clickc.
 *
 * Written for clickc; it follows the structure of Click's recursive-descent parser so that the
 * front end (compiler/frontend) can replay Click's semantic actions over the parse tree in the
 * same order as Click performs them (element numbering, anonymous names and implicit ports
 * depend on that order).  The grammar is deliberately permissive where Click's parser is: an
 * element position may hold only ports (implicit `input`/`output` inside compounds and groups),
 * a connection may start or end with a connector.  The front end reports Click's own errors for
 * the cases Click rejects.
 *
 * Context sensitivity.  A '(' right after an element name, a class name, an anonymous compound
 * '{...}', a group '(...)' or the keywords `require`/`define`/`provide` starts a configuration
 * string, read to the balanced ')' honouring quotes, comments and `\<...>` data, exactly as
 * LexerT::lex_config does; it becomes one CONFIG token (the ')' is a separate RPAREN).  Any
 * other '(' opens an element group.  The decision uses the previous tokens only (see
 * compiler/frontend/lexsupport.py), so the parser stays LL(1)/LL(2).
 *
 * Line directives (`# 12 "file"` or `#line 12 "file"` at the start of a line, also inside
 * configuration strings) are recorded by the lexer in `self.directives`; the front end maps
 * physical lines to (file, line) landmarks with them.
 *
 * One grammar, two targets.  The lexer actions `self._lparen();`, `self._comment();` and
 * `self._directive();` are both Python and C++: they call methods of a subclass of the
 * generated lexer, written once per target -- `ClickContextLexer` in
 * compiler/frontend/lexsupport.py (Python) and in grammar/cpp/click_context_lexer.h (C++, where
 * `self` names that subclass; docs/reliability.md, "The C++ parser").  The grammar has no
 * target-specific members.
 *
 * Regenerate the Python parser in grammar/gen/ (ANTLR 4.13.2) and the C++ one in
 * grammar/gen_cpp/ (ANTLR 4.9, for Debian's C++ runtime) with `make parser`.
 */
grammar Click;

tokens { CONFIG }


// ---------------------------------------------------------------------------- parser rules

config      : statement* EOF ;

statement   : connection
            | elementclassStmt
            | requireStmt
            | defineStmt
            | SEMI
            ;

// A chain of element lists joined by connectors.  Leading and trailing connectors are implicit
// ports (inside compounds and groups); an empty list between two connectors ends the chain.
connection  : (elements | connector elements?) (connector elements?)* ;

connector   : ARROW | DARROW ;

// A trailing comma is allowed (Click ends the list at the first non-element).
elements    : element (COMMA element)* COMMA? ;

element     : port elementRest?
            | elementRest
            ;

// 'a :: ;' is Click's "missing element type in declaration", reported by the front end.
elementRest : elementBody (DCOLON classRef?)? configArg? port? ;

elementBody : IDENT
            | compound
            | group
            ;

classRef    : IDENT
            | compound
            ;

configArg   : CONFIG RPAREN ;

// Click reads port lists token by token and reports its own errors; accept any sequence here.
port        : LBRACKET (portNumber | COMMA | MINUS)* RBRACKET ;

portNumber  : IDENT ;

group       : LPAREN statement* RPAREN ;

compound    : LBRACE compoundBody (OROR compoundBody)* RBRACE ;

compoundBody: ELLIPSIS
            | formals? statement*
            ;

formals     : formal (COMMA formal)* COMMA? BAR
            | BAR
            ;

formal      : IDENT? VARIABLE ;

elementclassStmt : ELEMENTCLASS IDENT (compound | IDENT) ;

requireStmt : REQUIRE CONFIG RPAREN ;

defineStmt  : DEFINE CONFIG RPAREN ;

// ----------------------------------------------------------------------------- lexer rules

// A '#' starts a line directive only at the start of a line; elsewhere the action turns it
// into a one-character OTHER token (a syntax error, as in Click).  No semantic predicate, so
// the lexer DFA stays cacheable.
DIRECTIVE   : '#' ~[\n]* { self._directive(); } ;
LINE_COMMENT: '//' ~[\n]* '\n'? { self._comment(); } -> skip ;
BLOCK_COMMENT: '/*' .*? ('*/' | EOF) { self._comment(); } -> skip ;
WS          : [ \t\n\r\f\u000B]+ -> skip ;

ELEMENTCLASS: 'elementclass' ;
REQUIRE     : 'require' ;
PROVIDE     : 'provide' ;
DEFINE      : 'define' ;

IDENT       : WORD ('/' WORD)* ;
fragment WORD : [A-Za-z0-9_@]+ ;
VARIABLE    : '$' [A-Za-z0-9_]+ ;

ARROW       : '->' ;
DARROW      : '=>' ;
DCOLON      : '::' ;
OROR        : '||' ;
ELLIPSIS    : '...' ;
LPAREN      : '(' { self._lparen(); } ;
RPAREN      : ')' ;
LBRACE      : '{' ;
RBRACE      : '}' ;
LBRACKET    : '[' ;
RBRACKET    : ']' ;
COMMA       : ',' ;
SEMI        : ';' ;
BAR         : '|' ;
MINUS       : '-' ;
OTHER       : . ;
