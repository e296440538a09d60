# Generated from Click.g4 by ANTLR 4.13.2
from antlr4 import *
from io import StringIO
import sys
if sys.version_info[1] > 5:
    from typing import TextIO
else:
    from typing.io import TextIO


def serializedATN():
    return [
        4,0,26,199,6,-1,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,
        2,6,7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,
        13,7,13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,
        19,2,20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,
        26,7,26,1,0,1,0,5,0,58,8,0,10,0,12,0,61,9,0,1,0,1,0,1,1,1,1,1,1,
        1,1,5,1,69,8,1,10,1,12,1,72,9,1,1,1,3,1,75,8,1,1,1,1,1,1,1,1,1,1,
        2,1,2,1,2,1,2,5,2,85,8,2,10,2,12,2,88,9,2,1,2,1,2,1,2,3,2,93,8,2,
        1,2,1,2,1,2,1,2,1,3,4,3,100,8,3,11,3,12,3,101,1,3,1,3,1,4,1,4,1,
        4,1,4,1,4,1,4,1,4,1,4,1,4,1,4,1,4,1,4,1,4,1,5,1,5,1,5,1,5,1,5,1,
        5,1,5,1,5,1,6,1,6,1,6,1,6,1,6,1,6,1,6,1,6,1,7,1,7,1,7,1,7,1,7,1,
        7,1,7,1,8,1,8,1,8,5,8,145,8,8,10,8,12,8,148,9,8,1,9,4,9,151,8,9,
        11,9,12,9,152,1,10,1,10,4,10,157,8,10,11,10,12,10,158,1,11,1,11,
        1,11,1,12,1,12,1,12,1,13,1,13,1,13,1,14,1,14,1,14,1,15,1,15,1,15,
        1,15,1,16,1,16,1,16,1,17,1,17,1,18,1,18,1,19,1,19,1,20,1,20,1,21,
        1,21,1,22,1,22,1,23,1,23,1,24,1,24,1,25,1,25,1,26,1,26,1,86,0,27,
        1,1,3,2,5,3,7,4,9,5,11,6,13,7,15,8,17,9,19,0,21,10,23,11,25,12,27,
        13,29,14,31,15,33,16,35,17,37,18,39,19,41,20,43,21,45,22,47,23,49,
        24,51,25,53,26,1,0,4,1,0,10,10,2,0,9,13,32,32,4,0,48,57,64,90,95,
        95,97,122,4,0,48,57,65,90,95,95,97,122,206,0,1,1,0,0,0,0,3,1,0,0,
        0,0,5,1,0,0,0,0,7,1,0,0,0,0,9,1,0,0,0,0,11,1,0,0,0,0,13,1,0,0,0,
        0,15,1,0,0,0,0,17,1,0,0,0,0,21,1,0,0,0,0,23,1,0,0,0,0,25,1,0,0,0,
        0,27,1,0,0,0,0,29,1,0,0,0,0,31,1,0,0,0,0,33,1,0,0,0,0,35,1,0,0,0,
        0,37,1,0,0,0,0,39,1,0,0,0,0,41,1,0,0,0,0,43,1,0,0,0,0,45,1,0,0,0,
        0,47,1,0,0,0,0,49,1,0,0,0,0,51,1,0,0,0,0,53,1,0,0,0,1,55,1,0,0,0,
        3,64,1,0,0,0,5,80,1,0,0,0,7,99,1,0,0,0,9,105,1,0,0,0,11,118,1,0,
        0,0,13,126,1,0,0,0,15,134,1,0,0,0,17,141,1,0,0,0,19,150,1,0,0,0,
        21,154,1,0,0,0,23,160,1,0,0,0,25,163,1,0,0,0,27,166,1,0,0,0,29,169,
        1,0,0,0,31,172,1,0,0,0,33,176,1,0,0,0,35,179,1,0,0,0,37,181,1,0,
        0,0,39,183,1,0,0,0,41,185,1,0,0,0,43,187,1,0,0,0,45,189,1,0,0,0,
        47,191,1,0,0,0,49,193,1,0,0,0,51,195,1,0,0,0,53,197,1,0,0,0,55,59,
        5,35,0,0,56,58,8,0,0,0,57,56,1,0,0,0,58,61,1,0,0,0,59,57,1,0,0,0,
        59,60,1,0,0,0,60,62,1,0,0,0,61,59,1,0,0,0,62,63,6,0,0,0,63,2,1,0,
        0,0,64,65,5,47,0,0,65,66,5,47,0,0,66,70,1,0,0,0,67,69,8,0,0,0,68,
        67,1,0,0,0,69,72,1,0,0,0,70,68,1,0,0,0,70,71,1,0,0,0,71,74,1,0,0,
        0,72,70,1,0,0,0,73,75,5,10,0,0,74,73,1,0,0,0,74,75,1,0,0,0,75,76,
        1,0,0,0,76,77,6,1,1,0,77,78,1,0,0,0,78,79,6,1,2,0,79,4,1,0,0,0,80,
        81,5,47,0,0,81,82,5,42,0,0,82,86,1,0,0,0,83,85,9,0,0,0,84,83,1,0,
        0,0,85,88,1,0,0,0,86,87,1,0,0,0,86,84,1,0,0,0,87,92,1,0,0,0,88,86,
        1,0,0,0,89,90,5,42,0,0,90,93,5,47,0,0,91,93,5,0,0,1,92,89,1,0,0,
        0,92,91,1,0,0,0,93,94,1,0,0,0,94,95,6,2,3,0,95,96,1,0,0,0,96,97,
        6,2,2,0,97,6,1,0,0,0,98,100,7,1,0,0,99,98,1,0,0,0,100,101,1,0,0,
        0,101,99,1,0,0,0,101,102,1,0,0,0,102,103,1,0,0,0,103,104,6,3,2,0,
        104,8,1,0,0,0,105,106,5,101,0,0,106,107,5,108,0,0,107,108,5,101,
        0,0,108,109,5,109,0,0,109,110,5,101,0,0,110,111,5,110,0,0,111,112,
        5,116,0,0,112,113,5,99,0,0,113,114,5,108,0,0,114,115,5,97,0,0,115,
        116,5,115,0,0,116,117,5,115,0,0,117,10,1,0,0,0,118,119,5,114,0,0,
        119,120,5,101,0,0,120,121,5,113,0,0,121,122,5,117,0,0,122,123,5,
        105,0,0,123,124,5,114,0,0,124,125,5,101,0,0,125,12,1,0,0,0,126,127,
        5,112,0,0,127,128,5,114,0,0,128,129,5,111,0,0,129,130,5,118,0,0,
        130,131,5,105,0,0,131,132,5,100,0,0,132,133,5,101,0,0,133,14,1,0,
        0,0,134,135,5,100,0,0,135,136,5,101,0,0,136,137,5,102,0,0,137,138,
        5,105,0,0,138,139,5,110,0,0,139,140,5,101,0,0,140,16,1,0,0,0,141,
        146,3,19,9,0,142,143,5,47,0,0,143,145,3,19,9,0,144,142,1,0,0,0,145,
        148,1,0,0,0,146,144,1,0,0,0,146,147,1,0,0,0,147,18,1,0,0,0,148,146,
        1,0,0,0,149,151,7,2,0,0,150,149,1,0,0,0,151,152,1,0,0,0,152,150,
        1,0,0,0,152,153,1,0,0,0,153,20,1,0,0,0,154,156,5,36,0,0,155,157,
        7,3,0,0,156,155,1,0,0,0,157,158,1,0,0,0,158,156,1,0,0,0,158,159,
        1,0,0,0,159,22,1,0,0,0,160,161,5,45,0,0,161,162,5,62,0,0,162,24,
        1,0,0,0,163,164,5,61,0,0,164,165,5,62,0,0,165,26,1,0,0,0,166,167,
        5,58,0,0,167,168,5,58,0,0,168,28,1,0,0,0,169,170,5,124,0,0,170,171,
        5,124,0,0,171,30,1,0,0,0,172,173,5,46,0,0,173,174,5,46,0,0,174,175,
        5,46,0,0,175,32,1,0,0,0,176,177,5,40,0,0,177,178,6,16,4,0,178,34,
        1,0,0,0,179,180,5,41,0,0,180,36,1,0,0,0,181,182,5,123,0,0,182,38,
        1,0,0,0,183,184,5,125,0,0,184,40,1,0,0,0,185,186,5,91,0,0,186,42,
        1,0,0,0,187,188,5,93,0,0,188,44,1,0,0,0,189,190,5,44,0,0,190,46,
        1,0,0,0,191,192,5,59,0,0,192,48,1,0,0,0,193,194,5,124,0,0,194,50,
        1,0,0,0,195,196,5,45,0,0,196,52,1,0,0,0,197,198,9,0,0,0,198,54,1,
        0,0,0,10,0,59,70,74,86,92,101,146,152,158,5,1,0,0,1,1,1,6,0,0,1,
        2,2,1,16,3
    ]

class ClickLexer(Lexer):

    atn = ATNDeserializer().deserialize(serializedATN())

    decisionsToDFA = [ DFA(ds, i) for i, ds in enumerate(atn.decisionToState) ]

    DIRECTIVE = 1
    LINE_COMMENT = 2
    BLOCK_COMMENT = 3
    WS = 4
    ELEMENTCLASS = 5
    REQUIRE = 6
    PROVIDE = 7
    DEFINE = 8
    IDENT = 9
    VARIABLE = 10
    ARROW = 11
    DARROW = 12
    DCOLON = 13
    OROR = 14
    ELLIPSIS = 15
    LPAREN = 16
    RPAREN = 17
    LBRACE = 18
    RBRACE = 19
    LBRACKET = 20
    RBRACKET = 21
    COMMA = 22
    SEMI = 23
    BAR = 24
    MINUS = 25
    OTHER = 26

    channelNames = [ u"DEFAULT_TOKEN_CHANNEL", u"HIDDEN" ]

    modeNames = [ "DEFAULT_MODE" ]

    literalNames = [ "<INVALID>",
            "'elementclass'", "'require'", "'provide'", "'define'", "'->'", 
            "'=>'", "'::'", "'||'", "'...'", "'('", "')'", "'{'", "'}'", 
            "'['", "']'", "','", "';'", "'|'", "'-'" ]

    symbolicNames = [ "<INVALID>",
            "DIRECTIVE", "LINE_COMMENT", "BLOCK_COMMENT", "WS", "ELEMENTCLASS", 
            "REQUIRE", "PROVIDE", "DEFINE", "IDENT", "VARIABLE", "ARROW", 
            "DARROW", "DCOLON", "OROR", "ELLIPSIS", "LPAREN", "RPAREN", 
            "LBRACE", "RBRACE", "LBRACKET", "RBRACKET", "COMMA", "SEMI", 
            "BAR", "MINUS", "OTHER" ]

    ruleNames = [ "DIRECTIVE", "LINE_COMMENT", "BLOCK_COMMENT", "WS", "ELEMENTCLASS", 
                  "REQUIRE", "PROVIDE", "DEFINE", "IDENT", "WORD", "VARIABLE", 
                  "ARROW", "DARROW", "DCOLON", "OROR", "ELLIPSIS", "LPAREN", 
                  "RPAREN", "LBRACE", "RBRACE", "LBRACKET", "RBRACKET", 
                  "COMMA", "SEMI", "BAR", "MINUS", "OTHER" ]

    grammarFileName = "Click.g4"

    def __init__(self, input=None, output:TextIO = sys.stdout):
        super().__init__(input, output)
        self.checkVersion("4.13.2")
        self._interp = LexerATNSimulator(self, self.atn, self.decisionsToDFA, PredictionContextCache())
        self._actions = None
        self._predicates = None


    # The context-sensitive lexing of Click lives in clickc.frontend.lexsupport (typed and tested there).
    def nextToken(self):
        from clickc.frontend import lexsupport
        return lexsupport.next_token(self, super().nextToken)

    def _lparen(self):
        from clickc.frontend import lexsupport
        lexsupport.lparen(self)

    def _comment(self):
        from clickc.frontend import lexsupport
        lexsupport.comment(self, self.text, self._tokenStartLine)

    def _directive(self):
        from clickc.frontend import lexsupport
        lexsupport.directive_token(self)


    def action(self, localctx:RuleContext, ruleIndex:int, actionIndex:int):
        if self._actions is None:
            actions = dict()
            actions[0] = self.DIRECTIVE_action 
            actions[1] = self.LINE_COMMENT_action 
            actions[2] = self.BLOCK_COMMENT_action 
            actions[16] = self.LPAREN_action 
            self._actions = actions
        action = self._actions.get(ruleIndex, None)
        if action is not None:
            action(localctx, actionIndex)
        else:
            raise Exception("No registered action for:" + str(ruleIndex))


    def DIRECTIVE_action(self, localctx:RuleContext , actionIndex:int):
        if actionIndex == 0:
             self._directive() 
     

    def LINE_COMMENT_action(self, localctx:RuleContext , actionIndex:int):
        if actionIndex == 1:
             self._comment() 
     

    def BLOCK_COMMENT_action(self, localctx:RuleContext , actionIndex:int):
        if actionIndex == 2:
             self._comment() 
     

    def LPAREN_action(self, localctx:RuleContext , actionIndex:int):
        if actionIndex == 3:
             self._lparen() 
     


