# Generated from Click.g4 by ANTLR 4.13.2
# encoding: utf-8
from antlr4 import *
from io import StringIO
import sys
if sys.version_info[1] > 5:
	from typing import TextIO
else:
	from typing.io import TextIO

def serializedATN():
    return [
        4,1,27,197,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,7,
        6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,13,
        2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,1,0,
        5,0,42,8,0,10,0,12,0,45,9,0,1,0,1,0,1,1,1,1,1,1,1,1,1,1,3,1,54,8,
        1,1,2,1,2,1,2,3,2,59,8,2,3,2,61,8,2,1,2,1,2,3,2,65,8,2,5,2,67,8,
        2,10,2,12,2,70,9,2,1,3,1,3,1,4,1,4,1,4,5,4,77,8,4,10,4,12,4,80,9,
        4,1,4,3,4,83,8,4,1,5,1,5,3,5,87,8,5,1,5,3,5,90,8,5,1,6,1,6,1,6,3,
        6,95,8,6,3,6,97,8,6,1,6,3,6,100,8,6,1,6,3,6,103,8,6,1,7,1,7,1,7,
        3,7,108,8,7,1,8,1,8,3,8,112,8,8,1,9,1,9,1,9,1,10,1,10,1,10,1,10,
        5,10,121,8,10,10,10,12,10,124,9,10,1,10,1,10,1,11,1,11,1,12,1,12,
        5,12,132,8,12,10,12,12,12,135,9,12,1,12,1,12,1,13,1,13,1,13,1,13,
        5,13,143,8,13,10,13,12,13,146,9,13,1,13,1,13,1,14,1,14,3,14,152,
        8,14,1,14,5,14,155,8,14,10,14,12,14,158,9,14,3,14,160,8,14,1,15,
        1,15,1,15,5,15,165,8,15,10,15,12,15,168,9,15,1,15,3,15,171,8,15,
        1,15,1,15,1,15,3,15,176,8,15,1,16,3,16,179,8,16,1,16,1,16,1,17,1,
        17,1,17,1,17,3,17,187,8,17,1,18,1,18,1,18,1,18,1,19,1,19,1,19,1,
        19,1,19,0,0,20,0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,
        36,38,0,1,1,0,11,12,209,0,43,1,0,0,0,2,53,1,0,0,0,4,60,1,0,0,0,6,
        71,1,0,0,0,8,73,1,0,0,0,10,89,1,0,0,0,12,91,1,0,0,0,14,107,1,0,0,
        0,16,111,1,0,0,0,18,113,1,0,0,0,20,116,1,0,0,0,22,127,1,0,0,0,24,
        129,1,0,0,0,26,138,1,0,0,0,28,159,1,0,0,0,30,175,1,0,0,0,32,178,
        1,0,0,0,34,182,1,0,0,0,36,188,1,0,0,0,38,192,1,0,0,0,40,42,3,2,1,
        0,41,40,1,0,0,0,42,45,1,0,0,0,43,41,1,0,0,0,43,44,1,0,0,0,44,46,
        1,0,0,0,45,43,1,0,0,0,46,47,5,0,0,1,47,1,1,0,0,0,48,54,3,4,2,0,49,
        54,3,34,17,0,50,54,3,36,18,0,51,54,3,38,19,0,52,54,5,23,0,0,53,48,
        1,0,0,0,53,49,1,0,0,0,53,50,1,0,0,0,53,51,1,0,0,0,53,52,1,0,0,0,
        54,3,1,0,0,0,55,61,3,8,4,0,56,58,3,6,3,0,57,59,3,8,4,0,58,57,1,0,
        0,0,58,59,1,0,0,0,59,61,1,0,0,0,60,55,1,0,0,0,60,56,1,0,0,0,61,68,
        1,0,0,0,62,64,3,6,3,0,63,65,3,8,4,0,64,63,1,0,0,0,64,65,1,0,0,0,
        65,67,1,0,0,0,66,62,1,0,0,0,67,70,1,0,0,0,68,66,1,0,0,0,68,69,1,
        0,0,0,69,5,1,0,0,0,70,68,1,0,0,0,71,72,7,0,0,0,72,7,1,0,0,0,73,78,
        3,10,5,0,74,75,5,22,0,0,75,77,3,10,5,0,76,74,1,0,0,0,77,80,1,0,0,
        0,78,76,1,0,0,0,78,79,1,0,0,0,79,82,1,0,0,0,80,78,1,0,0,0,81,83,
        5,22,0,0,82,81,1,0,0,0,82,83,1,0,0,0,83,9,1,0,0,0,84,86,3,20,10,
        0,85,87,3,12,6,0,86,85,1,0,0,0,86,87,1,0,0,0,87,90,1,0,0,0,88,90,
        3,12,6,0,89,84,1,0,0,0,89,88,1,0,0,0,90,11,1,0,0,0,91,96,3,14,7,
        0,92,94,5,13,0,0,93,95,3,16,8,0,94,93,1,0,0,0,94,95,1,0,0,0,95,97,
        1,0,0,0,96,92,1,0,0,0,96,97,1,0,0,0,97,99,1,0,0,0,98,100,3,18,9,
        0,99,98,1,0,0,0,99,100,1,0,0,0,100,102,1,0,0,0,101,103,3,20,10,0,
        102,101,1,0,0,0,102,103,1,0,0,0,103,13,1,0,0,0,104,108,5,9,0,0,105,
        108,3,26,13,0,106,108,3,24,12,0,107,104,1,0,0,0,107,105,1,0,0,0,
        107,106,1,0,0,0,108,15,1,0,0,0,109,112,5,9,0,0,110,112,3,26,13,0,
        111,109,1,0,0,0,111,110,1,0,0,0,112,17,1,0,0,0,113,114,5,27,0,0,
        114,115,5,17,0,0,115,19,1,0,0,0,116,122,5,20,0,0,117,121,3,22,11,
        0,118,121,5,22,0,0,119,121,5,25,0,0,120,117,1,0,0,0,120,118,1,0,
        0,0,120,119,1,0,0,0,121,124,1,0,0,0,122,120,1,0,0,0,122,123,1,0,
        0,0,123,125,1,0,0,0,124,122,1,0,0,0,125,126,5,21,0,0,126,21,1,0,
        0,0,127,128,5,9,0,0,128,23,1,0,0,0,129,133,5,16,0,0,130,132,3,2,
        1,0,131,130,1,0,0,0,132,135,1,0,0,0,133,131,1,0,0,0,133,134,1,0,
        0,0,134,136,1,0,0,0,135,133,1,0,0,0,136,137,5,17,0,0,137,25,1,0,
        0,0,138,139,5,18,0,0,139,144,3,28,14,0,140,141,5,14,0,0,141,143,
        3,28,14,0,142,140,1,0,0,0,143,146,1,0,0,0,144,142,1,0,0,0,144,145,
        1,0,0,0,145,147,1,0,0,0,146,144,1,0,0,0,147,148,5,19,0,0,148,27,
        1,0,0,0,149,160,5,15,0,0,150,152,3,30,15,0,151,150,1,0,0,0,151,152,
        1,0,0,0,152,156,1,0,0,0,153,155,3,2,1,0,154,153,1,0,0,0,155,158,
        1,0,0,0,156,154,1,0,0,0,156,157,1,0,0,0,157,160,1,0,0,0,158,156,
        1,0,0,0,159,149,1,0,0,0,159,151,1,0,0,0,160,29,1,0,0,0,161,166,3,
        32,16,0,162,163,5,22,0,0,163,165,3,32,16,0,164,162,1,0,0,0,165,168,
        1,0,0,0,166,164,1,0,0,0,166,167,1,0,0,0,167,170,1,0,0,0,168,166,
        1,0,0,0,169,171,5,22,0,0,170,169,1,0,0,0,170,171,1,0,0,0,171,172,
        1,0,0,0,172,173,5,24,0,0,173,176,1,0,0,0,174,176,5,24,0,0,175,161,
        1,0,0,0,175,174,1,0,0,0,176,31,1,0,0,0,177,179,5,9,0,0,178,177,1,
        0,0,0,178,179,1,0,0,0,179,180,1,0,0,0,180,181,5,10,0,0,181,33,1,
        0,0,0,182,183,5,5,0,0,183,186,5,9,0,0,184,187,3,26,13,0,185,187,
        5,9,0,0,186,184,1,0,0,0,186,185,1,0,0,0,187,35,1,0,0,0,188,189,5,
        6,0,0,189,190,5,27,0,0,190,191,5,17,0,0,191,37,1,0,0,0,192,193,5,
        8,0,0,193,194,5,27,0,0,194,195,5,17,0,0,195,39,1,0,0,0,28,43,53,
        58,60,64,68,78,82,86,89,94,96,99,102,107,111,120,122,133,144,151,
        156,159,166,170,175,178,186
    ]

class ClickParser ( Parser ):

    grammarFileName = "Click.g4"

    atn = ATNDeserializer().deserialize(serializedATN())

    decisionsToDFA = [ DFA(ds, i) for i, ds in enumerate(atn.decisionToState) ]

    sharedContextCache = PredictionContextCache()

    literalNames = [ "<INVALID>", "<INVALID>", "<INVALID>", "<INVALID>", 
                     "<INVALID>", "'elementclass'", "'require'", "'provide'", 
                     "'define'", "<INVALID>", "<INVALID>", "'->'", "'=>'", 
                     "'::'", "'||'", "'...'", "'('", "')'", "'{'", "'}'", 
                     "'['", "']'", "','", "';'", "'|'", "'-'" ]

    symbolicNames = [ "<INVALID>", "DIRECTIVE", "LINE_COMMENT", "BLOCK_COMMENT", 
                      "WS", "ELEMENTCLASS", "REQUIRE", "PROVIDE", "DEFINE", 
                      "IDENT", "VARIABLE", "ARROW", "DARROW", "DCOLON", 
                      "OROR", "ELLIPSIS", "LPAREN", "RPAREN", "LBRACE", 
                      "RBRACE", "LBRACKET", "RBRACKET", "COMMA", "SEMI", 
                      "BAR", "MINUS", "OTHER", "CONFIG" ]

    RULE_config = 0
    RULE_statement = 1
    RULE_connection = 2
    RULE_connector = 3
    RULE_elements = 4
    RULE_element = 5
    RULE_elementRest = 6
    RULE_elementBody = 7
    RULE_classRef = 8
    RULE_configArg = 9
    RULE_port = 10
    RULE_portNumber = 11
    RULE_group = 12
    RULE_compound = 13
    RULE_compoundBody = 14
    RULE_formals = 15
    RULE_formal = 16
    RULE_elementclassStmt = 17
    RULE_requireStmt = 18
    RULE_defineStmt = 19

    ruleNames =  [ "config", "statement", "connection", "connector", "elements", 
                   "element", "elementRest", "elementBody", "classRef", 
                   "configArg", "port", "portNumber", "group", "compound", 
                   "compoundBody", "formals", "formal", "elementclassStmt", 
                   "requireStmt", "defineStmt" ]

    EOF = Token.EOF
    DIRECTIVE=1
    LINE_COMMENT=2
    BLOCK_COMMENT=3
    WS=4
    ELEMENTCLASS=5
    REQUIRE=6
    PROVIDE=7
    DEFINE=8
    IDENT=9
    VARIABLE=10
    ARROW=11
    DARROW=12
    DCOLON=13
    OROR=14
    ELLIPSIS=15
    LPAREN=16
    RPAREN=17
    LBRACE=18
    RBRACE=19
    LBRACKET=20
    RBRACKET=21
    COMMA=22
    SEMI=23
    BAR=24
    MINUS=25
    OTHER=26
    CONFIG=27

    def __init__(self, input:TokenStream, output:TextIO = sys.stdout):
        super().__init__(input, output)
        self.checkVersion("4.13.2")
        self._interp = ParserATNSimulator(self, self.atn, self.decisionsToDFA, self.sharedContextCache)
        self._predicates = None




    class ConfigContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EOF(self):
            return self.getToken(ClickParser.EOF, 0)

        def statement(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.StatementContext)
            else:
                return self.getTypedRuleContext(ClickParser.StatementContext,i)


        def getRuleIndex(self):
            return ClickParser.RULE_config

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConfig" ):
                return visitor.visitConfig(self)
            else:
                return visitor.visitChildren(self)




    def config(self):

        localctx = ClickParser.ConfigContext(self, self._ctx, self.state)
        self.enterRule(localctx, 0, self.RULE_config)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 43
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & 9771872) != 0):
                self.state = 40
                self.statement()
                self.state = 45
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 46
            self.match(ClickParser.EOF)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class StatementContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def connection(self):
            return self.getTypedRuleContext(ClickParser.ConnectionContext,0)


        def elementclassStmt(self):
            return self.getTypedRuleContext(ClickParser.ElementclassStmtContext,0)


        def requireStmt(self):
            return self.getTypedRuleContext(ClickParser.RequireStmtContext,0)


        def defineStmt(self):
            return self.getTypedRuleContext(ClickParser.DefineStmtContext,0)


        def SEMI(self):
            return self.getToken(ClickParser.SEMI, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_statement

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitStatement" ):
                return visitor.visitStatement(self)
            else:
                return visitor.visitChildren(self)




    def statement(self):

        localctx = ClickParser.StatementContext(self, self._ctx, self.state)
        self.enterRule(localctx, 2, self.RULE_statement)
        try:
            self.state = 53
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [9, 11, 12, 16, 18, 20]:
                self.enterOuterAlt(localctx, 1)
                self.state = 48
                self.connection()
                pass
            elif token in [5]:
                self.enterOuterAlt(localctx, 2)
                self.state = 49
                self.elementclassStmt()
                pass
            elif token in [6]:
                self.enterOuterAlt(localctx, 3)
                self.state = 50
                self.requireStmt()
                pass
            elif token in [8]:
                self.enterOuterAlt(localctx, 4)
                self.state = 51
                self.defineStmt()
                pass
            elif token in [23]:
                self.enterOuterAlt(localctx, 5)
                self.state = 52
                self.match(ClickParser.SEMI)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConnectionContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def elements(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.ElementsContext)
            else:
                return self.getTypedRuleContext(ClickParser.ElementsContext,i)


        def connector(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.ConnectorContext)
            else:
                return self.getTypedRuleContext(ClickParser.ConnectorContext,i)


        def getRuleIndex(self):
            return ClickParser.RULE_connection

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConnection" ):
                return visitor.visitConnection(self)
            else:
                return visitor.visitChildren(self)




    def connection(self):

        localctx = ClickParser.ConnectionContext(self, self._ctx, self.state)
        self.enterRule(localctx, 4, self.RULE_connection)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 60
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [9, 16, 18, 20]:
                self.state = 55
                self.elements()
                pass
            elif token in [11, 12]:
                self.state = 56
                self.connector()
                self.state = 58
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,2,self._ctx)
                if la_ == 1:
                    self.state = 57
                    self.elements()


                pass
            else:
                raise NoViableAltException(self)

            self.state = 68
            self._errHandler.sync(self)
            _alt = self._interp.adaptivePredict(self._input,5,self._ctx)
            while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                if _alt==1:
                    self.state = 62
                    self.connector()
                    self.state = 64
                    self._errHandler.sync(self)
                    la_ = self._interp.adaptivePredict(self._input,4,self._ctx)
                    if la_ == 1:
                        self.state = 63
                        self.elements()

             
                self.state = 70
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,5,self._ctx)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConnectorContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ARROW(self):
            return self.getToken(ClickParser.ARROW, 0)

        def DARROW(self):
            return self.getToken(ClickParser.DARROW, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_connector

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConnector" ):
                return visitor.visitConnector(self)
            else:
                return visitor.visitChildren(self)




    def connector(self):

        localctx = ClickParser.ConnectorContext(self, self._ctx, self.state)
        self.enterRule(localctx, 6, self.RULE_connector)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 71
            _la = self._input.LA(1)
            if not(_la==11 or _la==12):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def element(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.ElementContext)
            else:
                return self.getTypedRuleContext(ClickParser.ElementContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ClickParser.COMMA)
            else:
                return self.getToken(ClickParser.COMMA, i)

        def getRuleIndex(self):
            return ClickParser.RULE_elements

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElements" ):
                return visitor.visitElements(self)
            else:
                return visitor.visitChildren(self)




    def elements(self):

        localctx = ClickParser.ElementsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 8, self.RULE_elements)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 73
            self.element()
            self.state = 78
            self._errHandler.sync(self)
            _alt = self._interp.adaptivePredict(self._input,6,self._ctx)
            while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                if _alt==1:
                    self.state = 74
                    self.match(ClickParser.COMMA)
                    self.state = 75
                    self.element() 
                self.state = 80
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,6,self._ctx)

            self.state = 82
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==22:
                self.state = 81
                self.match(ClickParser.COMMA)


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def port(self):
            return self.getTypedRuleContext(ClickParser.PortContext,0)


        def elementRest(self):
            return self.getTypedRuleContext(ClickParser.ElementRestContext,0)


        def getRuleIndex(self):
            return ClickParser.RULE_element

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElement" ):
                return visitor.visitElement(self)
            else:
                return visitor.visitChildren(self)




    def element(self):

        localctx = ClickParser.ElementContext(self, self._ctx, self.state)
        self.enterRule(localctx, 10, self.RULE_element)
        try:
            self.state = 89
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [20]:
                self.enterOuterAlt(localctx, 1)
                self.state = 84
                self.port()
                self.state = 86
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,8,self._ctx)
                if la_ == 1:
                    self.state = 85
                    self.elementRest()


                pass
            elif token in [9, 16, 18]:
                self.enterOuterAlt(localctx, 2)
                self.state = 88
                self.elementRest()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementRestContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def elementBody(self):
            return self.getTypedRuleContext(ClickParser.ElementBodyContext,0)


        def DCOLON(self):
            return self.getToken(ClickParser.DCOLON, 0)

        def configArg(self):
            return self.getTypedRuleContext(ClickParser.ConfigArgContext,0)


        def port(self):
            return self.getTypedRuleContext(ClickParser.PortContext,0)


        def classRef(self):
            return self.getTypedRuleContext(ClickParser.ClassRefContext,0)


        def getRuleIndex(self):
            return ClickParser.RULE_elementRest

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementRest" ):
                return visitor.visitElementRest(self)
            else:
                return visitor.visitChildren(self)




    def elementRest(self):

        localctx = ClickParser.ElementRestContext(self, self._ctx, self.state)
        self.enterRule(localctx, 12, self.RULE_elementRest)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 91
            self.elementBody()
            self.state = 96
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==13:
                self.state = 92
                self.match(ClickParser.DCOLON)
                self.state = 94
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,10,self._ctx)
                if la_ == 1:
                    self.state = 93
                    self.classRef()




            self.state = 99
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==27:
                self.state = 98
                self.configArg()


            self.state = 102
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,13,self._ctx)
            if la_ == 1:
                self.state = 101
                self.port()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementBodyContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def IDENT(self):
            return self.getToken(ClickParser.IDENT, 0)

        def compound(self):
            return self.getTypedRuleContext(ClickParser.CompoundContext,0)


        def group(self):
            return self.getTypedRuleContext(ClickParser.GroupContext,0)


        def getRuleIndex(self):
            return ClickParser.RULE_elementBody

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementBody" ):
                return visitor.visitElementBody(self)
            else:
                return visitor.visitChildren(self)




    def elementBody(self):

        localctx = ClickParser.ElementBodyContext(self, self._ctx, self.state)
        self.enterRule(localctx, 14, self.RULE_elementBody)
        try:
            self.state = 107
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [9]:
                self.enterOuterAlt(localctx, 1)
                self.state = 104
                self.match(ClickParser.IDENT)
                pass
            elif token in [18]:
                self.enterOuterAlt(localctx, 2)
                self.state = 105
                self.compound()
                pass
            elif token in [16]:
                self.enterOuterAlt(localctx, 3)
                self.state = 106
                self.group()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ClassRefContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def IDENT(self):
            return self.getToken(ClickParser.IDENT, 0)

        def compound(self):
            return self.getTypedRuleContext(ClickParser.CompoundContext,0)


        def getRuleIndex(self):
            return ClickParser.RULE_classRef

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitClassRef" ):
                return visitor.visitClassRef(self)
            else:
                return visitor.visitChildren(self)




    def classRef(self):

        localctx = ClickParser.ClassRefContext(self, self._ctx, self.state)
        self.enterRule(localctx, 16, self.RULE_classRef)
        try:
            self.state = 111
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [9]:
                self.enterOuterAlt(localctx, 1)
                self.state = 109
                self.match(ClickParser.IDENT)
                pass
            elif token in [18]:
                self.enterOuterAlt(localctx, 2)
                self.state = 110
                self.compound()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConfigArgContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def CONFIG(self):
            return self.getToken(ClickParser.CONFIG, 0)

        def RPAREN(self):
            return self.getToken(ClickParser.RPAREN, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_configArg

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConfigArg" ):
                return visitor.visitConfigArg(self)
            else:
                return visitor.visitChildren(self)




    def configArg(self):

        localctx = ClickParser.ConfigArgContext(self, self._ctx, self.state)
        self.enterRule(localctx, 18, self.RULE_configArg)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 113
            self.match(ClickParser.CONFIG)
            self.state = 114
            self.match(ClickParser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class PortContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACKET(self):
            return self.getToken(ClickParser.LBRACKET, 0)

        def RBRACKET(self):
            return self.getToken(ClickParser.RBRACKET, 0)

        def portNumber(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.PortNumberContext)
            else:
                return self.getTypedRuleContext(ClickParser.PortNumberContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ClickParser.COMMA)
            else:
                return self.getToken(ClickParser.COMMA, i)

        def MINUS(self, i:int=None):
            if i is None:
                return self.getTokens(ClickParser.MINUS)
            else:
                return self.getToken(ClickParser.MINUS, i)

        def getRuleIndex(self):
            return ClickParser.RULE_port

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPort" ):
                return visitor.visitPort(self)
            else:
                return visitor.visitChildren(self)




    def port(self):

        localctx = ClickParser.PortContext(self, self._ctx, self.state)
        self.enterRule(localctx, 20, self.RULE_port)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 116
            self.match(ClickParser.LBRACKET)
            self.state = 122
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & 37749248) != 0):
                self.state = 120
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [9]:
                    self.state = 117
                    self.portNumber()
                    pass
                elif token in [22]:
                    self.state = 118
                    self.match(ClickParser.COMMA)
                    pass
                elif token in [25]:
                    self.state = 119
                    self.match(ClickParser.MINUS)
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 124
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 125
            self.match(ClickParser.RBRACKET)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class PortNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def IDENT(self):
            return self.getToken(ClickParser.IDENT, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_portNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPortNumber" ):
                return visitor.visitPortNumber(self)
            else:
                return visitor.visitChildren(self)




    def portNumber(self):

        localctx = ClickParser.PortNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 22, self.RULE_portNumber)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 127
            self.match(ClickParser.IDENT)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class GroupContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LPAREN(self):
            return self.getToken(ClickParser.LPAREN, 0)

        def RPAREN(self):
            return self.getToken(ClickParser.RPAREN, 0)

        def statement(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.StatementContext)
            else:
                return self.getTypedRuleContext(ClickParser.StatementContext,i)


        def getRuleIndex(self):
            return ClickParser.RULE_group

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitGroup" ):
                return visitor.visitGroup(self)
            else:
                return visitor.visitChildren(self)




    def group(self):

        localctx = ClickParser.GroupContext(self, self._ctx, self.state)
        self.enterRule(localctx, 24, self.RULE_group)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 129
            self.match(ClickParser.LPAREN)
            self.state = 133
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & 9771872) != 0):
                self.state = 130
                self.statement()
                self.state = 135
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 136
            self.match(ClickParser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class CompoundContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ClickParser.LBRACE, 0)

        def compoundBody(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.CompoundBodyContext)
            else:
                return self.getTypedRuleContext(ClickParser.CompoundBodyContext,i)


        def RBRACE(self):
            return self.getToken(ClickParser.RBRACE, 0)

        def OROR(self, i:int=None):
            if i is None:
                return self.getTokens(ClickParser.OROR)
            else:
                return self.getToken(ClickParser.OROR, i)

        def getRuleIndex(self):
            return ClickParser.RULE_compound

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitCompound" ):
                return visitor.visitCompound(self)
            else:
                return visitor.visitChildren(self)




    def compound(self):

        localctx = ClickParser.CompoundContext(self, self._ctx, self.state)
        self.enterRule(localctx, 26, self.RULE_compound)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 138
            self.match(ClickParser.LBRACE)
            self.state = 139
            self.compoundBody()
            self.state = 144
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==14:
                self.state = 140
                self.match(ClickParser.OROR)
                self.state = 141
                self.compoundBody()
                self.state = 146
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 147
            self.match(ClickParser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class CompoundBodyContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ELLIPSIS(self):
            return self.getToken(ClickParser.ELLIPSIS, 0)

        def formals(self):
            return self.getTypedRuleContext(ClickParser.FormalsContext,0)


        def statement(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.StatementContext)
            else:
                return self.getTypedRuleContext(ClickParser.StatementContext,i)


        def getRuleIndex(self):
            return ClickParser.RULE_compoundBody

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitCompoundBody" ):
                return visitor.visitCompoundBody(self)
            else:
                return visitor.visitChildren(self)




    def compoundBody(self):

        localctx = ClickParser.CompoundBodyContext(self, self._ctx, self.state)
        self.enterRule(localctx, 28, self.RULE_compoundBody)
        self._la = 0 # Token type
        try:
            self.state = 159
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [15]:
                self.enterOuterAlt(localctx, 1)
                self.state = 149
                self.match(ClickParser.ELLIPSIS)
                pass
            elif token in [5, 6, 8, 9, 10, 11, 12, 14, 16, 18, 19, 20, 23, 24]:
                self.enterOuterAlt(localctx, 2)
                self.state = 151
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,20,self._ctx)
                if la_ == 1:
                    self.state = 150
                    self.formals()


                self.state = 156
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & 9771872) != 0):
                    self.state = 153
                    self.statement()
                    self.state = 158
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class FormalsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def formal(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ClickParser.FormalContext)
            else:
                return self.getTypedRuleContext(ClickParser.FormalContext,i)


        def BAR(self):
            return self.getToken(ClickParser.BAR, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ClickParser.COMMA)
            else:
                return self.getToken(ClickParser.COMMA, i)

        def getRuleIndex(self):
            return ClickParser.RULE_formals

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitFormals" ):
                return visitor.visitFormals(self)
            else:
                return visitor.visitChildren(self)




    def formals(self):

        localctx = ClickParser.FormalsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 30, self.RULE_formals)
        self._la = 0 # Token type
        try:
            self.state = 175
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [9, 10]:
                self.enterOuterAlt(localctx, 1)
                self.state = 161
                self.formal()
                self.state = 166
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,23,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 162
                        self.match(ClickParser.COMMA)
                        self.state = 163
                        self.formal() 
                    self.state = 168
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,23,self._ctx)

                self.state = 170
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==22:
                    self.state = 169
                    self.match(ClickParser.COMMA)


                self.state = 172
                self.match(ClickParser.BAR)
                pass
            elif token in [24]:
                self.enterOuterAlt(localctx, 2)
                self.state = 174
                self.match(ClickParser.BAR)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class FormalContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def VARIABLE(self):
            return self.getToken(ClickParser.VARIABLE, 0)

        def IDENT(self):
            return self.getToken(ClickParser.IDENT, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_formal

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitFormal" ):
                return visitor.visitFormal(self)
            else:
                return visitor.visitChildren(self)




    def formal(self):

        localctx = ClickParser.FormalContext(self, self._ctx, self.state)
        self.enterRule(localctx, 32, self.RULE_formal)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 178
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==9:
                self.state = 177
                self.match(ClickParser.IDENT)


            self.state = 180
            self.match(ClickParser.VARIABLE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementclassStmtContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ELEMENTCLASS(self):
            return self.getToken(ClickParser.ELEMENTCLASS, 0)

        def IDENT(self, i:int=None):
            if i is None:
                return self.getTokens(ClickParser.IDENT)
            else:
                return self.getToken(ClickParser.IDENT, i)

        def compound(self):
            return self.getTypedRuleContext(ClickParser.CompoundContext,0)


        def getRuleIndex(self):
            return ClickParser.RULE_elementclassStmt

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementclassStmt" ):
                return visitor.visitElementclassStmt(self)
            else:
                return visitor.visitChildren(self)




    def elementclassStmt(self):

        localctx = ClickParser.ElementclassStmtContext(self, self._ctx, self.state)
        self.enterRule(localctx, 34, self.RULE_elementclassStmt)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 182
            self.match(ClickParser.ELEMENTCLASS)
            self.state = 183
            self.match(ClickParser.IDENT)
            self.state = 186
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [18]:
                self.state = 184
                self.compound()
                pass
            elif token in [9]:
                self.state = 185
                self.match(ClickParser.IDENT)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class RequireStmtContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def REQUIRE(self):
            return self.getToken(ClickParser.REQUIRE, 0)

        def CONFIG(self):
            return self.getToken(ClickParser.CONFIG, 0)

        def RPAREN(self):
            return self.getToken(ClickParser.RPAREN, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_requireStmt

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitRequireStmt" ):
                return visitor.visitRequireStmt(self)
            else:
                return visitor.visitChildren(self)




    def requireStmt(self):

        localctx = ClickParser.RequireStmtContext(self, self._ctx, self.state)
        self.enterRule(localctx, 36, self.RULE_requireStmt)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 188
            self.match(ClickParser.REQUIRE)
            self.state = 189
            self.match(ClickParser.CONFIG)
            self.state = 190
            self.match(ClickParser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class DefineStmtContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def DEFINE(self):
            return self.getToken(ClickParser.DEFINE, 0)

        def CONFIG(self):
            return self.getToken(ClickParser.CONFIG, 0)

        def RPAREN(self):
            return self.getToken(ClickParser.RPAREN, 0)

        def getRuleIndex(self):
            return ClickParser.RULE_defineStmt

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitDefineStmt" ):
                return visitor.visitDefineStmt(self)
            else:
                return visitor.visitChildren(self)




    def defineStmt(self):

        localctx = ClickParser.DefineStmtContext(self, self._ctx, self.state)
        self.enterRule(localctx, 38, self.RULE_defineStmt)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 192
            self.match(ClickParser.DEFINE)
            self.state = 193
            self.match(ClickParser.CONFIG)
            self.state = 194
            self.match(ClickParser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx





