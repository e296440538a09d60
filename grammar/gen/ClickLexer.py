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
        4,0,26,195,6,-1,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,
        2,6,7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,
        13,7,13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,
        19,2,20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,
        26,7,26,1,0,1,0,1,0,5,0,59,8,0,10,0,12,0,62,9,0,1,0,1,0,1,0,1,0,
        1,1,1,1,1,1,1,1,5,1,72,8,1,10,1,12,1,75,9,1,1,1,1,1,1,2,1,2,1,2,
        1,2,5,2,83,8,2,10,2,12,2,86,9,2,1,2,1,2,1,2,3,2,91,8,2,1,2,1,2,1,
        3,4,3,96,8,3,11,3,12,3,97,1,3,1,3,1,4,1,4,1,4,1,4,1,4,1,4,1,4,1,
        4,1,4,1,4,1,4,1,4,1,4,1,5,1,5,1,5,1,5,1,5,1,5,1,5,1,5,1,6,1,6,1,
        6,1,6,1,6,1,6,1,6,1,6,1,7,1,7,1,7,1,7,1,7,1,7,1,7,1,8,1,8,1,8,5,
        8,141,8,8,10,8,12,8,144,9,8,1,9,4,9,147,8,9,11,9,12,9,148,1,10,1,
        10,4,10,153,8,10,11,10,12,10,154,1,11,1,11,1,11,1,12,1,12,1,12,1,
        13,1,13,1,13,1,14,1,14,1,14,1,15,1,15,1,15,1,15,1,16,1,16,1,16,1,
        17,1,17,1,18,1,18,1,19,1,19,1,20,1,20,1,21,1,21,1,22,1,22,1,23,1,
        23,1,24,1,24,1,25,1,25,1,26,1,26,1,84,0,27,1,1,3,2,5,3,7,4,9,5,11,
        6,13,7,15,8,17,9,19,0,21,10,23,11,25,12,27,13,29,14,31,15,33,16,
        35,17,37,18,39,19,41,20,43,21,45,22,47,23,49,24,51,25,53,26,1,0,
        4,1,0,10,10,2,0,9,13,32,32,4,0,48,57,64,90,95,95,97,122,4,0,48,57,
        65,90,95,95,97,122,201,0,1,1,0,0,0,0,3,1,0,0,0,0,5,1,0,0,0,0,7,1,
        0,0,0,0,9,1,0,0,0,0,11,1,0,0,0,0,13,1,0,0,0,0,15,1,0,0,0,0,17,1,
        0,0,0,0,21,1,0,0,0,0,23,1,0,0,0,0,25,1,0,0,0,0,27,1,0,0,0,0,29,1,
        0,0,0,0,31,1,0,0,0,0,33,1,0,0,0,0,35,1,0,0,0,0,37,1,0,0,0,0,39,1,
        0,0,0,0,41,1,0,0,0,0,43,1,0,0,0,0,45,1,0,0,0,0,47,1,0,0,0,0,49,1,
        0,0,0,0,51,1,0,0,0,0,53,1,0,0,0,1,55,1,0,0,0,3,67,1,0,0,0,5,78,1,
        0,0,0,7,95,1,0,0,0,9,101,1,0,0,0,11,114,1,0,0,0,13,122,1,0,0,0,15,
        130,1,0,0,0,17,137,1,0,0,0,19,146,1,0,0,0,21,150,1,0,0,0,23,156,
        1,0,0,0,25,159,1,0,0,0,27,162,1,0,0,0,29,165,1,0,0,0,31,168,1,0,
        0,0,33,172,1,0,0,0,35,175,1,0,0,0,37,177,1,0,0,0,39,179,1,0,0,0,
        41,181,1,0,0,0,43,183,1,0,0,0,45,185,1,0,0,0,47,187,1,0,0,0,49,189,
        1,0,0,0,51,191,1,0,0,0,53,193,1,0,0,0,55,56,4,0,0,0,56,60,5,35,0,
        0,57,59,8,0,0,0,58,57,1,0,0,0,59,62,1,0,0,0,60,58,1,0,0,0,60,61,
        1,0,0,0,61,63,1,0,0,0,62,60,1,0,0,0,63,64,6,0,0,0,64,65,1,0,0,0,
        65,66,6,0,1,0,66,2,1,0,0,0,67,68,5,47,0,0,68,69,5,47,0,0,69,73,1,
        0,0,0,70,72,8,0,0,0,71,70,1,0,0,0,72,75,1,0,0,0,73,71,1,0,0,0,73,
        74,1,0,0,0,74,76,1,0,0,0,75,73,1,0,0,0,76,77,6,1,1,0,77,4,1,0,0,
        0,78,79,5,47,0,0,79,80,5,42,0,0,80,84,1,0,0,0,81,83,9,0,0,0,82,81,
        1,0,0,0,83,86,1,0,0,0,84,85,1,0,0,0,84,82,1,0,0,0,85,90,1,0,0,0,
        86,84,1,0,0,0,87,88,5,42,0,0,88,91,5,47,0,0,89,91,5,0,0,1,90,87,
        1,0,0,0,90,89,1,0,0,0,91,92,1,0,0,0,92,93,6,2,1,0,93,6,1,0,0,0,94,
        96,7,1,0,0,95,94,1,0,0,0,96,97,1,0,0,0,97,95,1,0,0,0,97,98,1,0,0,
        0,98,99,1,0,0,0,99,100,6,3,1,0,100,8,1,0,0,0,101,102,5,101,0,0,102,
        103,5,108,0,0,103,104,5,101,0,0,104,105,5,109,0,0,105,106,5,101,
        0,0,106,107,5,110,0,0,107,108,5,116,0,0,108,109,5,99,0,0,109,110,
        5,108,0,0,110,111,5,97,0,0,111,112,5,115,0,0,112,113,5,115,0,0,113,
        10,1,0,0,0,114,115,5,114,0,0,115,116,5,101,0,0,116,117,5,113,0,0,
        117,118,5,117,0,0,118,119,5,105,0,0,119,120,5,114,0,0,120,121,5,
        101,0,0,121,12,1,0,0,0,122,123,5,112,0,0,123,124,5,114,0,0,124,125,
        5,111,0,0,125,126,5,118,0,0,126,127,5,105,0,0,127,128,5,100,0,0,
        128,129,5,101,0,0,129,14,1,0,0,0,130,131,5,100,0,0,131,132,5,101,
        0,0,132,133,5,102,0,0,133,134,5,105,0,0,134,135,5,110,0,0,135,136,
        5,101,0,0,136,16,1,0,0,0,137,142,3,19,9,0,138,139,5,47,0,0,139,141,
        3,19,9,0,140,138,1,0,0,0,141,144,1,0,0,0,142,140,1,0,0,0,142,143,
        1,0,0,0,143,18,1,0,0,0,144,142,1,0,0,0,145,147,7,2,0,0,146,145,1,
        0,0,0,147,148,1,0,0,0,148,146,1,0,0,0,148,149,1,0,0,0,149,20,1,0,
        0,0,150,152,5,36,0,0,151,153,7,3,0,0,152,151,1,0,0,0,153,154,1,0,
        0,0,154,152,1,0,0,0,154,155,1,0,0,0,155,22,1,0,0,0,156,157,5,45,
        0,0,157,158,5,62,0,0,158,24,1,0,0,0,159,160,5,61,0,0,160,161,5,62,
        0,0,161,26,1,0,0,0,162,163,5,58,0,0,163,164,5,58,0,0,164,28,1,0,
        0,0,165,166,5,124,0,0,166,167,5,124,0,0,167,30,1,0,0,0,168,169,5,
        46,0,0,169,170,5,46,0,0,170,171,5,46,0,0,171,32,1,0,0,0,172,173,
        5,40,0,0,173,174,6,16,2,0,174,34,1,0,0,0,175,176,5,41,0,0,176,36,
        1,0,0,0,177,178,5,123,0,0,178,38,1,0,0,0,179,180,5,125,0,0,180,40,
        1,0,0,0,181,182,5,91,0,0,182,42,1,0,0,0,183,184,5,93,0,0,184,44,
        1,0,0,0,185,186,5,44,0,0,186,46,1,0,0,0,187,188,5,59,0,0,188,48,
        1,0,0,0,189,190,5,124,0,0,190,50,1,0,0,0,191,192,5,45,0,0,192,52,
        1,0,0,0,193,194,9,0,0,0,194,54,1,0,0,0,9,0,60,73,84,90,97,142,148,
        154,3,1,0,0,6,0,0,1,16,1
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

    def _directive(self):
        from clickc.frontend import lexsupport
        lexsupport.directive(self, self.text, self.line)


    def action(self, localctx:RuleContext, ruleIndex:int, actionIndex:int):
        if self._actions is None:
            actions = dict()
            actions[0] = self.DIRECTIVE_action 
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
     

    def LPAREN_action(self, localctx:RuleContext , actionIndex:int):
        if actionIndex == 1:
             self._lparen() 
     

    def sempred(self, localctx:RuleContext, ruleIndex:int, predIndex:int):
        if self._predicates is None:
            preds = dict()
            preds[0] = self.DIRECTIVE_sempred
            self._predicates = preds
        pred = self._predicates.get(ruleIndex, None)
        if pred is not None:
            return pred(localctx, predIndex)
        else:
            raise Exception("No registered predicate for:" + str(ruleIndex))

    def DIRECTIVE_sempred(self, localctx:RuleContext, predIndex:int):
            if predIndex == 0:
                return self.column == 0
         


