
// Generated from Click.g4 by ANTLR 4.9



#include "ClickParser.h"


using namespace antlrcpp;
using namespace antlr4;

ClickParser::ClickParser(TokenStream *input) : Parser(input) {
  _interpreter = new atn::ParserATNSimulator(this, _atn, _decisionToDFA, _sharedContextCache);
}

ClickParser::~ClickParser() {
  delete _interpreter;
}

std::string ClickParser::getGrammarFileName() const {
  return "Click.g4";
}

const std::vector<std::string>& ClickParser::getRuleNames() const {
  return _ruleNames;
}

dfa::Vocabulary& ClickParser::getVocabulary() const {
  return _vocabulary;
}


//----------------- ConfigContext ------------------------------------------------------------------

ClickParser::ConfigContext::ConfigContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::ConfigContext::EOF() {
  return getToken(ClickParser::EOF, 0);
}

std::vector<ClickParser::StatementContext *> ClickParser::ConfigContext::statement() {
  return getRuleContexts<ClickParser::StatementContext>();
}

ClickParser::StatementContext* ClickParser::ConfigContext::statement(size_t i) {
  return getRuleContext<ClickParser::StatementContext>(i);
}


size_t ClickParser::ConfigContext::getRuleIndex() const {
  return ClickParser::RuleConfig;
}


ClickParser::ConfigContext* ClickParser::config() {
  ConfigContext *_localctx = _tracker.createInstance<ConfigContext>(_ctx, getState());
  enterRule(_localctx, 0, ClickParser::RuleConfig);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(43);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << ClickParser::ELEMENTCLASS)
      | (1ULL << ClickParser::REQUIRE)
      | (1ULL << ClickParser::DEFINE)
      | (1ULL << ClickParser::IDENT)
      | (1ULL << ClickParser::ARROW)
      | (1ULL << ClickParser::DARROW)
      | (1ULL << ClickParser::LPAREN)
      | (1ULL << ClickParser::LBRACE)
      | (1ULL << ClickParser::LBRACKET)
      | (1ULL << ClickParser::SEMI))) != 0)) {
      setState(40);
      statement();
      setState(45);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(46);
    match(ClickParser::EOF);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- StatementContext ------------------------------------------------------------------

ClickParser::StatementContext::StatementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

ClickParser::ConnectionContext* ClickParser::StatementContext::connection() {
  return getRuleContext<ClickParser::ConnectionContext>(0);
}

ClickParser::ElementclassStmtContext* ClickParser::StatementContext::elementclassStmt() {
  return getRuleContext<ClickParser::ElementclassStmtContext>(0);
}

ClickParser::RequireStmtContext* ClickParser::StatementContext::requireStmt() {
  return getRuleContext<ClickParser::RequireStmtContext>(0);
}

ClickParser::DefineStmtContext* ClickParser::StatementContext::defineStmt() {
  return getRuleContext<ClickParser::DefineStmtContext>(0);
}

tree::TerminalNode* ClickParser::StatementContext::SEMI() {
  return getToken(ClickParser::SEMI, 0);
}


size_t ClickParser::StatementContext::getRuleIndex() const {
  return ClickParser::RuleStatement;
}


ClickParser::StatementContext* ClickParser::statement() {
  StatementContext *_localctx = _tracker.createInstance<StatementContext>(_ctx, getState());
  enterRule(_localctx, 2, ClickParser::RuleStatement);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    setState(53);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::IDENT:
      case ClickParser::ARROW:
      case ClickParser::DARROW:
      case ClickParser::LPAREN:
      case ClickParser::LBRACE:
      case ClickParser::LBRACKET: {
        enterOuterAlt(_localctx, 1);
        setState(48);
        connection();
        break;
      }

      case ClickParser::ELEMENTCLASS: {
        enterOuterAlt(_localctx, 2);
        setState(49);
        elementclassStmt();
        break;
      }

      case ClickParser::REQUIRE: {
        enterOuterAlt(_localctx, 3);
        setState(50);
        requireStmt();
        break;
      }

      case ClickParser::DEFINE: {
        enterOuterAlt(_localctx, 4);
        setState(51);
        defineStmt();
        break;
      }

      case ClickParser::SEMI: {
        enterOuterAlt(_localctx, 5);
        setState(52);
        match(ClickParser::SEMI);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ConnectionContext ------------------------------------------------------------------

ClickParser::ConnectionContext::ConnectionContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<ClickParser::ElementsContext *> ClickParser::ConnectionContext::elements() {
  return getRuleContexts<ClickParser::ElementsContext>();
}

ClickParser::ElementsContext* ClickParser::ConnectionContext::elements(size_t i) {
  return getRuleContext<ClickParser::ElementsContext>(i);
}

std::vector<ClickParser::ConnectorContext *> ClickParser::ConnectionContext::connector() {
  return getRuleContexts<ClickParser::ConnectorContext>();
}

ClickParser::ConnectorContext* ClickParser::ConnectionContext::connector(size_t i) {
  return getRuleContext<ClickParser::ConnectorContext>(i);
}


size_t ClickParser::ConnectionContext::getRuleIndex() const {
  return ClickParser::RuleConnection;
}


ClickParser::ConnectionContext* ClickParser::connection() {
  ConnectionContext *_localctx = _tracker.createInstance<ConnectionContext>(_ctx, getState());
  enterRule(_localctx, 4, ClickParser::RuleConnection);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(60);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::IDENT:
      case ClickParser::LPAREN:
      case ClickParser::LBRACE:
      case ClickParser::LBRACKET: {
        setState(55);
        elements();
        break;
      }

      case ClickParser::ARROW:
      case ClickParser::DARROW: {
        setState(56);
        connector();
        setState(58);
        _errHandler->sync(this);

        switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 2, _ctx)) {
        case 1: {
          setState(57);
          elements();
          break;
        }

        default:
          break;
        }
        break;
      }

    default:
      throw NoViableAltException(this);
    }
    setState(68);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 5, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(62);
        connector();
        setState(64);
        _errHandler->sync(this);

        switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 4, _ctx)) {
        case 1: {
          setState(63);
          elements();
          break;
        }

        default:
          break;
        } 
      }
      setState(70);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 5, _ctx);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ConnectorContext ------------------------------------------------------------------

ClickParser::ConnectorContext::ConnectorContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::ConnectorContext::ARROW() {
  return getToken(ClickParser::ARROW, 0);
}

tree::TerminalNode* ClickParser::ConnectorContext::DARROW() {
  return getToken(ClickParser::DARROW, 0);
}


size_t ClickParser::ConnectorContext::getRuleIndex() const {
  return ClickParser::RuleConnector;
}


ClickParser::ConnectorContext* ClickParser::connector() {
  ConnectorContext *_localctx = _tracker.createInstance<ConnectorContext>(_ctx, getState());
  enterRule(_localctx, 6, ClickParser::RuleConnector);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(71);
    _la = _input->LA(1);
    if (!(_la == ClickParser::ARROW

    || _la == ClickParser::DARROW)) {
    _errHandler->recoverInline(this);
    }
    else {
      _errHandler->reportMatch(this);
      consume();
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ElementsContext ------------------------------------------------------------------

ClickParser::ElementsContext::ElementsContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<ClickParser::ElementContext *> ClickParser::ElementsContext::element() {
  return getRuleContexts<ClickParser::ElementContext>();
}

ClickParser::ElementContext* ClickParser::ElementsContext::element(size_t i) {
  return getRuleContext<ClickParser::ElementContext>(i);
}

std::vector<tree::TerminalNode *> ClickParser::ElementsContext::COMMA() {
  return getTokens(ClickParser::COMMA);
}

tree::TerminalNode* ClickParser::ElementsContext::COMMA(size_t i) {
  return getToken(ClickParser::COMMA, i);
}


size_t ClickParser::ElementsContext::getRuleIndex() const {
  return ClickParser::RuleElements;
}


ClickParser::ElementsContext* ClickParser::elements() {
  ElementsContext *_localctx = _tracker.createInstance<ElementsContext>(_ctx, getState());
  enterRule(_localctx, 8, ClickParser::RuleElements);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    size_t alt;
    enterOuterAlt(_localctx, 1);
    setState(73);
    element();
    setState(78);
    _errHandler->sync(this);
    alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 6, _ctx);
    while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
      if (alt == 1) {
        setState(74);
        match(ClickParser::COMMA);
        setState(75);
        element(); 
      }
      setState(80);
      _errHandler->sync(this);
      alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 6, _ctx);
    }
    setState(82);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == ClickParser::COMMA) {
      setState(81);
      match(ClickParser::COMMA);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ElementContext ------------------------------------------------------------------

ClickParser::ElementContext::ElementContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

ClickParser::PortContext* ClickParser::ElementContext::port() {
  return getRuleContext<ClickParser::PortContext>(0);
}

ClickParser::ElementRestContext* ClickParser::ElementContext::elementRest() {
  return getRuleContext<ClickParser::ElementRestContext>(0);
}


size_t ClickParser::ElementContext::getRuleIndex() const {
  return ClickParser::RuleElement;
}


ClickParser::ElementContext* ClickParser::element() {
  ElementContext *_localctx = _tracker.createInstance<ElementContext>(_ctx, getState());
  enterRule(_localctx, 10, ClickParser::RuleElement);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    setState(89);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::LBRACKET: {
        enterOuterAlt(_localctx, 1);
        setState(84);
        port();
        setState(86);
        _errHandler->sync(this);

        switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 8, _ctx)) {
        case 1: {
          setState(85);
          elementRest();
          break;
        }

        default:
          break;
        }
        break;
      }

      case ClickParser::IDENT:
      case ClickParser::LPAREN:
      case ClickParser::LBRACE: {
        enterOuterAlt(_localctx, 2);
        setState(88);
        elementRest();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ElementRestContext ------------------------------------------------------------------

ClickParser::ElementRestContext::ElementRestContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

ClickParser::ElementBodyContext* ClickParser::ElementRestContext::elementBody() {
  return getRuleContext<ClickParser::ElementBodyContext>(0);
}

tree::TerminalNode* ClickParser::ElementRestContext::DCOLON() {
  return getToken(ClickParser::DCOLON, 0);
}

ClickParser::ConfigArgContext* ClickParser::ElementRestContext::configArg() {
  return getRuleContext<ClickParser::ConfigArgContext>(0);
}

ClickParser::PortContext* ClickParser::ElementRestContext::port() {
  return getRuleContext<ClickParser::PortContext>(0);
}

ClickParser::ClassRefContext* ClickParser::ElementRestContext::classRef() {
  return getRuleContext<ClickParser::ClassRefContext>(0);
}


size_t ClickParser::ElementRestContext::getRuleIndex() const {
  return ClickParser::RuleElementRest;
}


ClickParser::ElementRestContext* ClickParser::elementRest() {
  ElementRestContext *_localctx = _tracker.createInstance<ElementRestContext>(_ctx, getState());
  enterRule(_localctx, 12, ClickParser::RuleElementRest);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(91);
    elementBody();
    setState(96);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == ClickParser::DCOLON) {
      setState(92);
      match(ClickParser::DCOLON);
      setState(94);
      _errHandler->sync(this);

      switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 10, _ctx)) {
      case 1: {
        setState(93);
        classRef();
        break;
      }

      default:
        break;
      }
    }
    setState(99);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == ClickParser::CONFIG) {
      setState(98);
      configArg();
    }
    setState(102);
    _errHandler->sync(this);

    switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 13, _ctx)) {
    case 1: {
      setState(101);
      port();
      break;
    }

    default:
      break;
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ElementBodyContext ------------------------------------------------------------------

ClickParser::ElementBodyContext::ElementBodyContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::ElementBodyContext::IDENT() {
  return getToken(ClickParser::IDENT, 0);
}

ClickParser::CompoundContext* ClickParser::ElementBodyContext::compound() {
  return getRuleContext<ClickParser::CompoundContext>(0);
}

ClickParser::GroupContext* ClickParser::ElementBodyContext::group() {
  return getRuleContext<ClickParser::GroupContext>(0);
}


size_t ClickParser::ElementBodyContext::getRuleIndex() const {
  return ClickParser::RuleElementBody;
}


ClickParser::ElementBodyContext* ClickParser::elementBody() {
  ElementBodyContext *_localctx = _tracker.createInstance<ElementBodyContext>(_ctx, getState());
  enterRule(_localctx, 14, ClickParser::RuleElementBody);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    setState(107);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::IDENT: {
        enterOuterAlt(_localctx, 1);
        setState(104);
        match(ClickParser::IDENT);
        break;
      }

      case ClickParser::LBRACE: {
        enterOuterAlt(_localctx, 2);
        setState(105);
        compound();
        break;
      }

      case ClickParser::LPAREN: {
        enterOuterAlt(_localctx, 3);
        setState(106);
        group();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ClassRefContext ------------------------------------------------------------------

ClickParser::ClassRefContext::ClassRefContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::ClassRefContext::IDENT() {
  return getToken(ClickParser::IDENT, 0);
}

ClickParser::CompoundContext* ClickParser::ClassRefContext::compound() {
  return getRuleContext<ClickParser::CompoundContext>(0);
}


size_t ClickParser::ClassRefContext::getRuleIndex() const {
  return ClickParser::RuleClassRef;
}


ClickParser::ClassRefContext* ClickParser::classRef() {
  ClassRefContext *_localctx = _tracker.createInstance<ClassRefContext>(_ctx, getState());
  enterRule(_localctx, 16, ClickParser::RuleClassRef);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    setState(111);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::IDENT: {
        enterOuterAlt(_localctx, 1);
        setState(109);
        match(ClickParser::IDENT);
        break;
      }

      case ClickParser::LBRACE: {
        enterOuterAlt(_localctx, 2);
        setState(110);
        compound();
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ConfigArgContext ------------------------------------------------------------------

ClickParser::ConfigArgContext::ConfigArgContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::ConfigArgContext::CONFIG() {
  return getToken(ClickParser::CONFIG, 0);
}

tree::TerminalNode* ClickParser::ConfigArgContext::RPAREN() {
  return getToken(ClickParser::RPAREN, 0);
}


size_t ClickParser::ConfigArgContext::getRuleIndex() const {
  return ClickParser::RuleConfigArg;
}


ClickParser::ConfigArgContext* ClickParser::configArg() {
  ConfigArgContext *_localctx = _tracker.createInstance<ConfigArgContext>(_ctx, getState());
  enterRule(_localctx, 18, ClickParser::RuleConfigArg);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(113);
    match(ClickParser::CONFIG);
    setState(114);
    match(ClickParser::RPAREN);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- PortContext ------------------------------------------------------------------

ClickParser::PortContext::PortContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::PortContext::LBRACKET() {
  return getToken(ClickParser::LBRACKET, 0);
}

tree::TerminalNode* ClickParser::PortContext::RBRACKET() {
  return getToken(ClickParser::RBRACKET, 0);
}

std::vector<ClickParser::PortNumberContext *> ClickParser::PortContext::portNumber() {
  return getRuleContexts<ClickParser::PortNumberContext>();
}

ClickParser::PortNumberContext* ClickParser::PortContext::portNumber(size_t i) {
  return getRuleContext<ClickParser::PortNumberContext>(i);
}

std::vector<tree::TerminalNode *> ClickParser::PortContext::COMMA() {
  return getTokens(ClickParser::COMMA);
}

tree::TerminalNode* ClickParser::PortContext::COMMA(size_t i) {
  return getToken(ClickParser::COMMA, i);
}

std::vector<tree::TerminalNode *> ClickParser::PortContext::MINUS() {
  return getTokens(ClickParser::MINUS);
}

tree::TerminalNode* ClickParser::PortContext::MINUS(size_t i) {
  return getToken(ClickParser::MINUS, i);
}


size_t ClickParser::PortContext::getRuleIndex() const {
  return ClickParser::RulePort;
}


ClickParser::PortContext* ClickParser::port() {
  PortContext *_localctx = _tracker.createInstance<PortContext>(_ctx, getState());
  enterRule(_localctx, 20, ClickParser::RulePort);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(116);
    match(ClickParser::LBRACKET);
    setState(122);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << ClickParser::IDENT)
      | (1ULL << ClickParser::COMMA)
      | (1ULL << ClickParser::MINUS))) != 0)) {
      setState(120);
      _errHandler->sync(this);
      switch (_input->LA(1)) {
        case ClickParser::IDENT: {
          setState(117);
          portNumber();
          break;
        }

        case ClickParser::COMMA: {
          setState(118);
          match(ClickParser::COMMA);
          break;
        }

        case ClickParser::MINUS: {
          setState(119);
          match(ClickParser::MINUS);
          break;
        }

      default:
        throw NoViableAltException(this);
      }
      setState(124);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(125);
    match(ClickParser::RBRACKET);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- PortNumberContext ------------------------------------------------------------------

ClickParser::PortNumberContext::PortNumberContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::PortNumberContext::IDENT() {
  return getToken(ClickParser::IDENT, 0);
}


size_t ClickParser::PortNumberContext::getRuleIndex() const {
  return ClickParser::RulePortNumber;
}


ClickParser::PortNumberContext* ClickParser::portNumber() {
  PortNumberContext *_localctx = _tracker.createInstance<PortNumberContext>(_ctx, getState());
  enterRule(_localctx, 22, ClickParser::RulePortNumber);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(127);
    match(ClickParser::IDENT);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- GroupContext ------------------------------------------------------------------

ClickParser::GroupContext::GroupContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::GroupContext::LPAREN() {
  return getToken(ClickParser::LPAREN, 0);
}

tree::TerminalNode* ClickParser::GroupContext::RPAREN() {
  return getToken(ClickParser::RPAREN, 0);
}

std::vector<ClickParser::StatementContext *> ClickParser::GroupContext::statement() {
  return getRuleContexts<ClickParser::StatementContext>();
}

ClickParser::StatementContext* ClickParser::GroupContext::statement(size_t i) {
  return getRuleContext<ClickParser::StatementContext>(i);
}


size_t ClickParser::GroupContext::getRuleIndex() const {
  return ClickParser::RuleGroup;
}


ClickParser::GroupContext* ClickParser::group() {
  GroupContext *_localctx = _tracker.createInstance<GroupContext>(_ctx, getState());
  enterRule(_localctx, 24, ClickParser::RuleGroup);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(129);
    match(ClickParser::LPAREN);
    setState(133);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while ((((_la & ~ 0x3fULL) == 0) &&
      ((1ULL << _la) & ((1ULL << ClickParser::ELEMENTCLASS)
      | (1ULL << ClickParser::REQUIRE)
      | (1ULL << ClickParser::DEFINE)
      | (1ULL << ClickParser::IDENT)
      | (1ULL << ClickParser::ARROW)
      | (1ULL << ClickParser::DARROW)
      | (1ULL << ClickParser::LPAREN)
      | (1ULL << ClickParser::LBRACE)
      | (1ULL << ClickParser::LBRACKET)
      | (1ULL << ClickParser::SEMI))) != 0)) {
      setState(130);
      statement();
      setState(135);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(136);
    match(ClickParser::RPAREN);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- CompoundContext ------------------------------------------------------------------

ClickParser::CompoundContext::CompoundContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::CompoundContext::LBRACE() {
  return getToken(ClickParser::LBRACE, 0);
}

std::vector<ClickParser::CompoundBodyContext *> ClickParser::CompoundContext::compoundBody() {
  return getRuleContexts<ClickParser::CompoundBodyContext>();
}

ClickParser::CompoundBodyContext* ClickParser::CompoundContext::compoundBody(size_t i) {
  return getRuleContext<ClickParser::CompoundBodyContext>(i);
}

tree::TerminalNode* ClickParser::CompoundContext::RBRACE() {
  return getToken(ClickParser::RBRACE, 0);
}

std::vector<tree::TerminalNode *> ClickParser::CompoundContext::OROR() {
  return getTokens(ClickParser::OROR);
}

tree::TerminalNode* ClickParser::CompoundContext::OROR(size_t i) {
  return getToken(ClickParser::OROR, i);
}


size_t ClickParser::CompoundContext::getRuleIndex() const {
  return ClickParser::RuleCompound;
}


ClickParser::CompoundContext* ClickParser::compound() {
  CompoundContext *_localctx = _tracker.createInstance<CompoundContext>(_ctx, getState());
  enterRule(_localctx, 26, ClickParser::RuleCompound);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(138);
    match(ClickParser::LBRACE);
    setState(139);
    compoundBody();
    setState(144);
    _errHandler->sync(this);
    _la = _input->LA(1);
    while (_la == ClickParser::OROR) {
      setState(140);
      match(ClickParser::OROR);
      setState(141);
      compoundBody();
      setState(146);
      _errHandler->sync(this);
      _la = _input->LA(1);
    }
    setState(147);
    match(ClickParser::RBRACE);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- CompoundBodyContext ------------------------------------------------------------------

ClickParser::CompoundBodyContext::CompoundBodyContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::CompoundBodyContext::ELLIPSIS() {
  return getToken(ClickParser::ELLIPSIS, 0);
}

ClickParser::FormalsContext* ClickParser::CompoundBodyContext::formals() {
  return getRuleContext<ClickParser::FormalsContext>(0);
}

std::vector<ClickParser::StatementContext *> ClickParser::CompoundBodyContext::statement() {
  return getRuleContexts<ClickParser::StatementContext>();
}

ClickParser::StatementContext* ClickParser::CompoundBodyContext::statement(size_t i) {
  return getRuleContext<ClickParser::StatementContext>(i);
}


size_t ClickParser::CompoundBodyContext::getRuleIndex() const {
  return ClickParser::RuleCompoundBody;
}


ClickParser::CompoundBodyContext* ClickParser::compoundBody() {
  CompoundBodyContext *_localctx = _tracker.createInstance<CompoundBodyContext>(_ctx, getState());
  enterRule(_localctx, 28, ClickParser::RuleCompoundBody);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    setState(159);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::ELLIPSIS: {
        enterOuterAlt(_localctx, 1);
        setState(149);
        match(ClickParser::ELLIPSIS);
        break;
      }

      case ClickParser::ELEMENTCLASS:
      case ClickParser::REQUIRE:
      case ClickParser::DEFINE:
      case ClickParser::IDENT:
      case ClickParser::VARIABLE:
      case ClickParser::ARROW:
      case ClickParser::DARROW:
      case ClickParser::OROR:
      case ClickParser::LPAREN:
      case ClickParser::LBRACE:
      case ClickParser::RBRACE:
      case ClickParser::LBRACKET:
      case ClickParser::SEMI:
      case ClickParser::BAR: {
        enterOuterAlt(_localctx, 2);
        setState(151);
        _errHandler->sync(this);

        switch (getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 20, _ctx)) {
        case 1: {
          setState(150);
          formals();
          break;
        }

        default:
          break;
        }
        setState(156);
        _errHandler->sync(this);
        _la = _input->LA(1);
        while ((((_la & ~ 0x3fULL) == 0) &&
          ((1ULL << _la) & ((1ULL << ClickParser::ELEMENTCLASS)
          | (1ULL << ClickParser::REQUIRE)
          | (1ULL << ClickParser::DEFINE)
          | (1ULL << ClickParser::IDENT)
          | (1ULL << ClickParser::ARROW)
          | (1ULL << ClickParser::DARROW)
          | (1ULL << ClickParser::LPAREN)
          | (1ULL << ClickParser::LBRACE)
          | (1ULL << ClickParser::LBRACKET)
          | (1ULL << ClickParser::SEMI))) != 0)) {
          setState(153);
          statement();
          setState(158);
          _errHandler->sync(this);
          _la = _input->LA(1);
        }
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- FormalsContext ------------------------------------------------------------------

ClickParser::FormalsContext::FormalsContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

std::vector<ClickParser::FormalContext *> ClickParser::FormalsContext::formal() {
  return getRuleContexts<ClickParser::FormalContext>();
}

ClickParser::FormalContext* ClickParser::FormalsContext::formal(size_t i) {
  return getRuleContext<ClickParser::FormalContext>(i);
}

tree::TerminalNode* ClickParser::FormalsContext::BAR() {
  return getToken(ClickParser::BAR, 0);
}

std::vector<tree::TerminalNode *> ClickParser::FormalsContext::COMMA() {
  return getTokens(ClickParser::COMMA);
}

tree::TerminalNode* ClickParser::FormalsContext::COMMA(size_t i) {
  return getToken(ClickParser::COMMA, i);
}


size_t ClickParser::FormalsContext::getRuleIndex() const {
  return ClickParser::RuleFormals;
}


ClickParser::FormalsContext* ClickParser::formals() {
  FormalsContext *_localctx = _tracker.createInstance<FormalsContext>(_ctx, getState());
  enterRule(_localctx, 30, ClickParser::RuleFormals);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    size_t alt;
    setState(175);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::IDENT:
      case ClickParser::VARIABLE: {
        enterOuterAlt(_localctx, 1);
        setState(161);
        formal();
        setState(166);
        _errHandler->sync(this);
        alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 23, _ctx);
        while (alt != 2 && alt != atn::ATN::INVALID_ALT_NUMBER) {
          if (alt == 1) {
            setState(162);
            match(ClickParser::COMMA);
            setState(163);
            formal(); 
          }
          setState(168);
          _errHandler->sync(this);
          alt = getInterpreter<atn::ParserATNSimulator>()->adaptivePredict(_input, 23, _ctx);
        }
        setState(170);
        _errHandler->sync(this);

        _la = _input->LA(1);
        if (_la == ClickParser::COMMA) {
          setState(169);
          match(ClickParser::COMMA);
        }
        setState(172);
        match(ClickParser::BAR);
        break;
      }

      case ClickParser::BAR: {
        enterOuterAlt(_localctx, 2);
        setState(174);
        match(ClickParser::BAR);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- FormalContext ------------------------------------------------------------------

ClickParser::FormalContext::FormalContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::FormalContext::VARIABLE() {
  return getToken(ClickParser::VARIABLE, 0);
}

tree::TerminalNode* ClickParser::FormalContext::IDENT() {
  return getToken(ClickParser::IDENT, 0);
}


size_t ClickParser::FormalContext::getRuleIndex() const {
  return ClickParser::RuleFormal;
}


ClickParser::FormalContext* ClickParser::formal() {
  FormalContext *_localctx = _tracker.createInstance<FormalContext>(_ctx, getState());
  enterRule(_localctx, 32, ClickParser::RuleFormal);
  size_t _la = 0;

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(178);
    _errHandler->sync(this);

    _la = _input->LA(1);
    if (_la == ClickParser::IDENT) {
      setState(177);
      match(ClickParser::IDENT);
    }
    setState(180);
    match(ClickParser::VARIABLE);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- ElementclassStmtContext ------------------------------------------------------------------

ClickParser::ElementclassStmtContext::ElementclassStmtContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::ElementclassStmtContext::ELEMENTCLASS() {
  return getToken(ClickParser::ELEMENTCLASS, 0);
}

std::vector<tree::TerminalNode *> ClickParser::ElementclassStmtContext::IDENT() {
  return getTokens(ClickParser::IDENT);
}

tree::TerminalNode* ClickParser::ElementclassStmtContext::IDENT(size_t i) {
  return getToken(ClickParser::IDENT, i);
}

ClickParser::CompoundContext* ClickParser::ElementclassStmtContext::compound() {
  return getRuleContext<ClickParser::CompoundContext>(0);
}


size_t ClickParser::ElementclassStmtContext::getRuleIndex() const {
  return ClickParser::RuleElementclassStmt;
}


ClickParser::ElementclassStmtContext* ClickParser::elementclassStmt() {
  ElementclassStmtContext *_localctx = _tracker.createInstance<ElementclassStmtContext>(_ctx, getState());
  enterRule(_localctx, 34, ClickParser::RuleElementclassStmt);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(182);
    match(ClickParser::ELEMENTCLASS);
    setState(183);
    match(ClickParser::IDENT);
    setState(186);
    _errHandler->sync(this);
    switch (_input->LA(1)) {
      case ClickParser::LBRACE: {
        setState(184);
        compound();
        break;
      }

      case ClickParser::IDENT: {
        setState(185);
        match(ClickParser::IDENT);
        break;
      }

    default:
      throw NoViableAltException(this);
    }
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- RequireStmtContext ------------------------------------------------------------------

ClickParser::RequireStmtContext::RequireStmtContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::RequireStmtContext::REQUIRE() {
  return getToken(ClickParser::REQUIRE, 0);
}

tree::TerminalNode* ClickParser::RequireStmtContext::CONFIG() {
  return getToken(ClickParser::CONFIG, 0);
}

tree::TerminalNode* ClickParser::RequireStmtContext::RPAREN() {
  return getToken(ClickParser::RPAREN, 0);
}


size_t ClickParser::RequireStmtContext::getRuleIndex() const {
  return ClickParser::RuleRequireStmt;
}


ClickParser::RequireStmtContext* ClickParser::requireStmt() {
  RequireStmtContext *_localctx = _tracker.createInstance<RequireStmtContext>(_ctx, getState());
  enterRule(_localctx, 36, ClickParser::RuleRequireStmt);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(188);
    match(ClickParser::REQUIRE);
    setState(189);
    match(ClickParser::CONFIG);
    setState(190);
    match(ClickParser::RPAREN);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

//----------------- DefineStmtContext ------------------------------------------------------------------

ClickParser::DefineStmtContext::DefineStmtContext(ParserRuleContext *parent, size_t invokingState)
  : ParserRuleContext(parent, invokingState) {
}

tree::TerminalNode* ClickParser::DefineStmtContext::DEFINE() {
  return getToken(ClickParser::DEFINE, 0);
}

tree::TerminalNode* ClickParser::DefineStmtContext::CONFIG() {
  return getToken(ClickParser::CONFIG, 0);
}

tree::TerminalNode* ClickParser::DefineStmtContext::RPAREN() {
  return getToken(ClickParser::RPAREN, 0);
}


size_t ClickParser::DefineStmtContext::getRuleIndex() const {
  return ClickParser::RuleDefineStmt;
}


ClickParser::DefineStmtContext* ClickParser::defineStmt() {
  DefineStmtContext *_localctx = _tracker.createInstance<DefineStmtContext>(_ctx, getState());
  enterRule(_localctx, 38, ClickParser::RuleDefineStmt);

#if __cplusplus > 201703L
  auto onExit = finally([=, this] {
#else
  auto onExit = finally([=] {
#endif
    exitRule();
  });
  try {
    enterOuterAlt(_localctx, 1);
    setState(192);
    match(ClickParser::DEFINE);
    setState(193);
    match(ClickParser::CONFIG);
    setState(194);
    match(ClickParser::RPAREN);
   
  }
  catch (RecognitionException &e) {
    _errHandler->reportError(this, e);
    _localctx->exception = std::current_exception();
    _errHandler->recover(this, _localctx->exception);
  }

  return _localctx;
}

// Static vars and initialization.
std::vector<dfa::DFA> ClickParser::_decisionToDFA;
atn::PredictionContextCache ClickParser::_sharedContextCache;

// We own the ATN which in turn owns the ATN states.
atn::ATN ClickParser::_atn;
std::vector<uint16_t> ClickParser::_serializedATN;

std::vector<std::string> ClickParser::_ruleNames = {
  "config", "statement", "connection", "connector", "elements", "element", 
  "elementRest", "elementBody", "classRef", "configArg", "port", "portNumber", 
  "group", "compound", "compoundBody", "formals", "formal", "elementclassStmt", 
  "requireStmt", "defineStmt"
};

std::vector<std::string> ClickParser::_literalNames = {
  "", "", "", "", "", "'elementclass'", "'require'", "'provide'", "'define'", 
  "", "", "'->'", "'=>'", "'::'", "'||'", "'...'", "'('", "')'", "'{'", 
  "'}'", "'['", "']'", "','", "';'", "'|'", "'-'"
};

std::vector<std::string> ClickParser::_symbolicNames = {
  "", "DIRECTIVE", "LINE_COMMENT", "BLOCK_COMMENT", "WS", "ELEMENTCLASS", 
  "REQUIRE", "PROVIDE", "DEFINE", "IDENT", "VARIABLE", "ARROW", "DARROW", 
  "DCOLON", "OROR", "ELLIPSIS", "LPAREN", "RPAREN", "LBRACE", "RBRACE", 
  "LBRACKET", "RBRACKET", "COMMA", "SEMI", "BAR", "MINUS", "OTHER", "CONFIG"
};

dfa::Vocabulary ClickParser::_vocabulary(_literalNames, _symbolicNames);

std::vector<std::string> ClickParser::_tokenNames;

ClickParser::Initializer::Initializer() {
	for (size_t i = 0; i < _symbolicNames.size(); ++i) {
		std::string name = _vocabulary.getLiteralName(i);
		if (name.empty()) {
			name = _vocabulary.getSymbolicName(i);
		}

		if (name.empty()) {
			_tokenNames.push_back("<INVALID>");
		} else {
      _tokenNames.push_back(name);
    }
	}

  _serializedATN = {
    0x3, 0x608b, 0xa72a, 0x8133, 0xb9ed, 0x417c, 0x3be7, 0x7786, 0x5964, 
    0x3, 0x1d, 0xc7, 0x4, 0x2, 0x9, 0x2, 0x4, 0x3, 0x9, 0x3, 0x4, 0x4, 0x9, 
    0x4, 0x4, 0x5, 0x9, 0x5, 0x4, 0x6, 0x9, 0x6, 0x4, 0x7, 0x9, 0x7, 0x4, 
    0x8, 0x9, 0x8, 0x4, 0x9, 0x9, 0x9, 0x4, 0xa, 0x9, 0xa, 0x4, 0xb, 0x9, 
    0xb, 0x4, 0xc, 0x9, 0xc, 0x4, 0xd, 0x9, 0xd, 0x4, 0xe, 0x9, 0xe, 0x4, 
    0xf, 0x9, 0xf, 0x4, 0x10, 0x9, 0x10, 0x4, 0x11, 0x9, 0x11, 0x4, 0x12, 
    0x9, 0x12, 0x4, 0x13, 0x9, 0x13, 0x4, 0x14, 0x9, 0x14, 0x4, 0x15, 0x9, 
    0x15, 0x3, 0x2, 0x7, 0x2, 0x2c, 0xa, 0x2, 0xc, 0x2, 0xe, 0x2, 0x2f, 
    0xb, 0x2, 0x3, 0x2, 0x3, 0x2, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 0x3, 
    0x3, 0x3, 0x5, 0x3, 0x38, 0xa, 0x3, 0x3, 0x4, 0x3, 0x4, 0x3, 0x4, 0x5, 
    0x4, 0x3d, 0xa, 0x4, 0x5, 0x4, 0x3f, 0xa, 0x4, 0x3, 0x4, 0x3, 0x4, 0x5, 
    0x4, 0x43, 0xa, 0x4, 0x7, 0x4, 0x45, 0xa, 0x4, 0xc, 0x4, 0xe, 0x4, 0x48, 
    0xb, 0x4, 0x3, 0x5, 0x3, 0x5, 0x3, 0x6, 0x3, 0x6, 0x3, 0x6, 0x7, 0x6, 
    0x4f, 0xa, 0x6, 0xc, 0x6, 0xe, 0x6, 0x52, 0xb, 0x6, 0x3, 0x6, 0x5, 0x6, 
    0x55, 0xa, 0x6, 0x3, 0x7, 0x3, 0x7, 0x5, 0x7, 0x59, 0xa, 0x7, 0x3, 0x7, 
    0x5, 0x7, 0x5c, 0xa, 0x7, 0x3, 0x8, 0x3, 0x8, 0x3, 0x8, 0x5, 0x8, 0x61, 
    0xa, 0x8, 0x5, 0x8, 0x63, 0xa, 0x8, 0x3, 0x8, 0x5, 0x8, 0x66, 0xa, 0x8, 
    0x3, 0x8, 0x5, 0x8, 0x69, 0xa, 0x8, 0x3, 0x9, 0x3, 0x9, 0x3, 0x9, 0x5, 
    0x9, 0x6e, 0xa, 0x9, 0x3, 0xa, 0x3, 0xa, 0x5, 0xa, 0x72, 0xa, 0xa, 0x3, 
    0xb, 0x3, 0xb, 0x3, 0xb, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 0x3, 0xc, 0x7, 
    0xc, 0x7b, 0xa, 0xc, 0xc, 0xc, 0xe, 0xc, 0x7e, 0xb, 0xc, 0x3, 0xc, 0x3, 
    0xc, 0x3, 0xd, 0x3, 0xd, 0x3, 0xe, 0x3, 0xe, 0x7, 0xe, 0x86, 0xa, 0xe, 
    0xc, 0xe, 0xe, 0xe, 0x89, 0xb, 0xe, 0x3, 0xe, 0x3, 0xe, 0x3, 0xf, 0x3, 
    0xf, 0x3, 0xf, 0x3, 0xf, 0x7, 0xf, 0x91, 0xa, 0xf, 0xc, 0xf, 0xe, 0xf, 
    0x94, 0xb, 0xf, 0x3, 0xf, 0x3, 0xf, 0x3, 0x10, 0x3, 0x10, 0x5, 0x10, 
    0x9a, 0xa, 0x10, 0x3, 0x10, 0x7, 0x10, 0x9d, 0xa, 0x10, 0xc, 0x10, 0xe, 
    0x10, 0xa0, 0xb, 0x10, 0x5, 0x10, 0xa2, 0xa, 0x10, 0x3, 0x11, 0x3, 0x11, 
    0x3, 0x11, 0x7, 0x11, 0xa7, 0xa, 0x11, 0xc, 0x11, 0xe, 0x11, 0xaa, 0xb, 
    0x11, 0x3, 0x11, 0x5, 0x11, 0xad, 0xa, 0x11, 0x3, 0x11, 0x3, 0x11, 0x3, 
    0x11, 0x5, 0x11, 0xb2, 0xa, 0x11, 0x3, 0x12, 0x5, 0x12, 0xb5, 0xa, 0x12, 
    0x3, 0x12, 0x3, 0x12, 0x3, 0x13, 0x3, 0x13, 0x3, 0x13, 0x3, 0x13, 0x5, 
    0x13, 0xbd, 0xa, 0x13, 0x3, 0x14, 0x3, 0x14, 0x3, 0x14, 0x3, 0x14, 0x3, 
    0x15, 0x3, 0x15, 0x3, 0x15, 0x3, 0x15, 0x3, 0x15, 0x2, 0x2, 0x16, 0x2, 
    0x4, 0x6, 0x8, 0xa, 0xc, 0xe, 0x10, 0x12, 0x14, 0x16, 0x18, 0x1a, 0x1c, 
    0x1e, 0x20, 0x22, 0x24, 0x26, 0x28, 0x2, 0x3, 0x3, 0x2, 0xd, 0xe, 0x2, 
    0xd3, 0x2, 0x2d, 0x3, 0x2, 0x2, 0x2, 0x4, 0x37, 0x3, 0x2, 0x2, 0x2, 
    0x6, 0x3e, 0x3, 0x2, 0x2, 0x2, 0x8, 0x49, 0x3, 0x2, 0x2, 0x2, 0xa, 0x4b, 
    0x3, 0x2, 0x2, 0x2, 0xc, 0x5b, 0x3, 0x2, 0x2, 0x2, 0xe, 0x5d, 0x3, 0x2, 
    0x2, 0x2, 0x10, 0x6d, 0x3, 0x2, 0x2, 0x2, 0x12, 0x71, 0x3, 0x2, 0x2, 
    0x2, 0x14, 0x73, 0x3, 0x2, 0x2, 0x2, 0x16, 0x76, 0x3, 0x2, 0x2, 0x2, 
    0x18, 0x81, 0x3, 0x2, 0x2, 0x2, 0x1a, 0x83, 0x3, 0x2, 0x2, 0x2, 0x1c, 
    0x8c, 0x3, 0x2, 0x2, 0x2, 0x1e, 0xa1, 0x3, 0x2, 0x2, 0x2, 0x20, 0xb1, 
    0x3, 0x2, 0x2, 0x2, 0x22, 0xb4, 0x3, 0x2, 0x2, 0x2, 0x24, 0xb8, 0x3, 
    0x2, 0x2, 0x2, 0x26, 0xbe, 0x3, 0x2, 0x2, 0x2, 0x28, 0xc2, 0x3, 0x2, 
    0x2, 0x2, 0x2a, 0x2c, 0x5, 0x4, 0x3, 0x2, 0x2b, 0x2a, 0x3, 0x2, 0x2, 
    0x2, 0x2c, 0x2f, 0x3, 0x2, 0x2, 0x2, 0x2d, 0x2b, 0x3, 0x2, 0x2, 0x2, 
    0x2d, 0x2e, 0x3, 0x2, 0x2, 0x2, 0x2e, 0x30, 0x3, 0x2, 0x2, 0x2, 0x2f, 
    0x2d, 0x3, 0x2, 0x2, 0x2, 0x30, 0x31, 0x7, 0x2, 0x2, 0x3, 0x31, 0x3, 
    0x3, 0x2, 0x2, 0x2, 0x32, 0x38, 0x5, 0x6, 0x4, 0x2, 0x33, 0x38, 0x5, 
    0x24, 0x13, 0x2, 0x34, 0x38, 0x5, 0x26, 0x14, 0x2, 0x35, 0x38, 0x5, 
    0x28, 0x15, 0x2, 0x36, 0x38, 0x7, 0x19, 0x2, 0x2, 0x37, 0x32, 0x3, 0x2, 
    0x2, 0x2, 0x37, 0x33, 0x3, 0x2, 0x2, 0x2, 0x37, 0x34, 0x3, 0x2, 0x2, 
    0x2, 0x37, 0x35, 0x3, 0x2, 0x2, 0x2, 0x37, 0x36, 0x3, 0x2, 0x2, 0x2, 
    0x38, 0x5, 0x3, 0x2, 0x2, 0x2, 0x39, 0x3f, 0x5, 0xa, 0x6, 0x2, 0x3a, 
    0x3c, 0x5, 0x8, 0x5, 0x2, 0x3b, 0x3d, 0x5, 0xa, 0x6, 0x2, 0x3c, 0x3b, 
    0x3, 0x2, 0x2, 0x2, 0x3c, 0x3d, 0x3, 0x2, 0x2, 0x2, 0x3d, 0x3f, 0x3, 
    0x2, 0x2, 0x2, 0x3e, 0x39, 0x3, 0x2, 0x2, 0x2, 0x3e, 0x3a, 0x3, 0x2, 
    0x2, 0x2, 0x3f, 0x46, 0x3, 0x2, 0x2, 0x2, 0x40, 0x42, 0x5, 0x8, 0x5, 
    0x2, 0x41, 0x43, 0x5, 0xa, 0x6, 0x2, 0x42, 0x41, 0x3, 0x2, 0x2, 0x2, 
    0x42, 0x43, 0x3, 0x2, 0x2, 0x2, 0x43, 0x45, 0x3, 0x2, 0x2, 0x2, 0x44, 
    0x40, 0x3, 0x2, 0x2, 0x2, 0x45, 0x48, 0x3, 0x2, 0x2, 0x2, 0x46, 0x44, 
    0x3, 0x2, 0x2, 0x2, 0x46, 0x47, 0x3, 0x2, 0x2, 0x2, 0x47, 0x7, 0x3, 
    0x2, 0x2, 0x2, 0x48, 0x46, 0x3, 0x2, 0x2, 0x2, 0x49, 0x4a, 0x9, 0x2, 
    0x2, 0x2, 0x4a, 0x9, 0x3, 0x2, 0x2, 0x2, 0x4b, 0x50, 0x5, 0xc, 0x7, 
    0x2, 0x4c, 0x4d, 0x7, 0x18, 0x2, 0x2, 0x4d, 0x4f, 0x5, 0xc, 0x7, 0x2, 
    0x4e, 0x4c, 0x3, 0x2, 0x2, 0x2, 0x4f, 0x52, 0x3, 0x2, 0x2, 0x2, 0x50, 
    0x4e, 0x3, 0x2, 0x2, 0x2, 0x50, 0x51, 0x3, 0x2, 0x2, 0x2, 0x51, 0x54, 
    0x3, 0x2, 0x2, 0x2, 0x52, 0x50, 0x3, 0x2, 0x2, 0x2, 0x53, 0x55, 0x7, 
    0x18, 0x2, 0x2, 0x54, 0x53, 0x3, 0x2, 0x2, 0x2, 0x54, 0x55, 0x3, 0x2, 
    0x2, 0x2, 0x55, 0xb, 0x3, 0x2, 0x2, 0x2, 0x56, 0x58, 0x5, 0x16, 0xc, 
    0x2, 0x57, 0x59, 0x5, 0xe, 0x8, 0x2, 0x58, 0x57, 0x3, 0x2, 0x2, 0x2, 
    0x58, 0x59, 0x3, 0x2, 0x2, 0x2, 0x59, 0x5c, 0x3, 0x2, 0x2, 0x2, 0x5a, 
    0x5c, 0x5, 0xe, 0x8, 0x2, 0x5b, 0x56, 0x3, 0x2, 0x2, 0x2, 0x5b, 0x5a, 
    0x3, 0x2, 0x2, 0x2, 0x5c, 0xd, 0x3, 0x2, 0x2, 0x2, 0x5d, 0x62, 0x5, 
    0x10, 0x9, 0x2, 0x5e, 0x60, 0x7, 0xf, 0x2, 0x2, 0x5f, 0x61, 0x5, 0x12, 
    0xa, 0x2, 0x60, 0x5f, 0x3, 0x2, 0x2, 0x2, 0x60, 0x61, 0x3, 0x2, 0x2, 
    0x2, 0x61, 0x63, 0x3, 0x2, 0x2, 0x2, 0x62, 0x5e, 0x3, 0x2, 0x2, 0x2, 
    0x62, 0x63, 0x3, 0x2, 0x2, 0x2, 0x63, 0x65, 0x3, 0x2, 0x2, 0x2, 0x64, 
    0x66, 0x5, 0x14, 0xb, 0x2, 0x65, 0x64, 0x3, 0x2, 0x2, 0x2, 0x65, 0x66, 
    0x3, 0x2, 0x2, 0x2, 0x66, 0x68, 0x3, 0x2, 0x2, 0x2, 0x67, 0x69, 0x5, 
    0x16, 0xc, 0x2, 0x68, 0x67, 0x3, 0x2, 0x2, 0x2, 0x68, 0x69, 0x3, 0x2, 
    0x2, 0x2, 0x69, 0xf, 0x3, 0x2, 0x2, 0x2, 0x6a, 0x6e, 0x7, 0xb, 0x2, 
    0x2, 0x6b, 0x6e, 0x5, 0x1c, 0xf, 0x2, 0x6c, 0x6e, 0x5, 0x1a, 0xe, 0x2, 
    0x6d, 0x6a, 0x3, 0x2, 0x2, 0x2, 0x6d, 0x6b, 0x3, 0x2, 0x2, 0x2, 0x6d, 
    0x6c, 0x3, 0x2, 0x2, 0x2, 0x6e, 0x11, 0x3, 0x2, 0x2, 0x2, 0x6f, 0x72, 
    0x7, 0xb, 0x2, 0x2, 0x70, 0x72, 0x5, 0x1c, 0xf, 0x2, 0x71, 0x6f, 0x3, 
    0x2, 0x2, 0x2, 0x71, 0x70, 0x3, 0x2, 0x2, 0x2, 0x72, 0x13, 0x3, 0x2, 
    0x2, 0x2, 0x73, 0x74, 0x7, 0x1d, 0x2, 0x2, 0x74, 0x75, 0x7, 0x13, 0x2, 
    0x2, 0x75, 0x15, 0x3, 0x2, 0x2, 0x2, 0x76, 0x7c, 0x7, 0x16, 0x2, 0x2, 
    0x77, 0x7b, 0x5, 0x18, 0xd, 0x2, 0x78, 0x7b, 0x7, 0x18, 0x2, 0x2, 0x79, 
    0x7b, 0x7, 0x1b, 0x2, 0x2, 0x7a, 0x77, 0x3, 0x2, 0x2, 0x2, 0x7a, 0x78, 
    0x3, 0x2, 0x2, 0x2, 0x7a, 0x79, 0x3, 0x2, 0x2, 0x2, 0x7b, 0x7e, 0x3, 
    0x2, 0x2, 0x2, 0x7c, 0x7a, 0x3, 0x2, 0x2, 0x2, 0x7c, 0x7d, 0x3, 0x2, 
    0x2, 0x2, 0x7d, 0x7f, 0x3, 0x2, 0x2, 0x2, 0x7e, 0x7c, 0x3, 0x2, 0x2, 
    0x2, 0x7f, 0x80, 0x7, 0x17, 0x2, 0x2, 0x80, 0x17, 0x3, 0x2, 0x2, 0x2, 
    0x81, 0x82, 0x7, 0xb, 0x2, 0x2, 0x82, 0x19, 0x3, 0x2, 0x2, 0x2, 0x83, 
    0x87, 0x7, 0x12, 0x2, 0x2, 0x84, 0x86, 0x5, 0x4, 0x3, 0x2, 0x85, 0x84, 
    0x3, 0x2, 0x2, 0x2, 0x86, 0x89, 0x3, 0x2, 0x2, 0x2, 0x87, 0x85, 0x3, 
    0x2, 0x2, 0x2, 0x87, 0x88, 0x3, 0x2, 0x2, 0x2, 0x88, 0x8a, 0x3, 0x2, 
    0x2, 0x2, 0x89, 0x87, 0x3, 0x2, 0x2, 0x2, 0x8a, 0x8b, 0x7, 0x13, 0x2, 
    0x2, 0x8b, 0x1b, 0x3, 0x2, 0x2, 0x2, 0x8c, 0x8d, 0x7, 0x14, 0x2, 0x2, 
    0x8d, 0x92, 0x5, 0x1e, 0x10, 0x2, 0x8e, 0x8f, 0x7, 0x10, 0x2, 0x2, 0x8f, 
    0x91, 0x5, 0x1e, 0x10, 0x2, 0x90, 0x8e, 0x3, 0x2, 0x2, 0x2, 0x91, 0x94, 
    0x3, 0x2, 0x2, 0x2, 0x92, 0x90, 0x3, 0x2, 0x2, 0x2, 0x92, 0x93, 0x3, 
    0x2, 0x2, 0x2, 0x93, 0x95, 0x3, 0x2, 0x2, 0x2, 0x94, 0x92, 0x3, 0x2, 
    0x2, 0x2, 0x95, 0x96, 0x7, 0x15, 0x2, 0x2, 0x96, 0x1d, 0x3, 0x2, 0x2, 
    0x2, 0x97, 0xa2, 0x7, 0x11, 0x2, 0x2, 0x98, 0x9a, 0x5, 0x20, 0x11, 0x2, 
    0x99, 0x98, 0x3, 0x2, 0x2, 0x2, 0x99, 0x9a, 0x3, 0x2, 0x2, 0x2, 0x9a, 
    0x9e, 0x3, 0x2, 0x2, 0x2, 0x9b, 0x9d, 0x5, 0x4, 0x3, 0x2, 0x9c, 0x9b, 
    0x3, 0x2, 0x2, 0x2, 0x9d, 0xa0, 0x3, 0x2, 0x2, 0x2, 0x9e, 0x9c, 0x3, 
    0x2, 0x2, 0x2, 0x9e, 0x9f, 0x3, 0x2, 0x2, 0x2, 0x9f, 0xa2, 0x3, 0x2, 
    0x2, 0x2, 0xa0, 0x9e, 0x3, 0x2, 0x2, 0x2, 0xa1, 0x97, 0x3, 0x2, 0x2, 
    0x2, 0xa1, 0x99, 0x3, 0x2, 0x2, 0x2, 0xa2, 0x1f, 0x3, 0x2, 0x2, 0x2, 
    0xa3, 0xa8, 0x5, 0x22, 0x12, 0x2, 0xa4, 0xa5, 0x7, 0x18, 0x2, 0x2, 0xa5, 
    0xa7, 0x5, 0x22, 0x12, 0x2, 0xa6, 0xa4, 0x3, 0x2, 0x2, 0x2, 0xa7, 0xaa, 
    0x3, 0x2, 0x2, 0x2, 0xa8, 0xa6, 0x3, 0x2, 0x2, 0x2, 0xa8, 0xa9, 0x3, 
    0x2, 0x2, 0x2, 0xa9, 0xac, 0x3, 0x2, 0x2, 0x2, 0xaa, 0xa8, 0x3, 0x2, 
    0x2, 0x2, 0xab, 0xad, 0x7, 0x18, 0x2, 0x2, 0xac, 0xab, 0x3, 0x2, 0x2, 
    0x2, 0xac, 0xad, 0x3, 0x2, 0x2, 0x2, 0xad, 0xae, 0x3, 0x2, 0x2, 0x2, 
    0xae, 0xaf, 0x7, 0x1a, 0x2, 0x2, 0xaf, 0xb2, 0x3, 0x2, 0x2, 0x2, 0xb0, 
    0xb2, 0x7, 0x1a, 0x2, 0x2, 0xb1, 0xa3, 0x3, 0x2, 0x2, 0x2, 0xb1, 0xb0, 
    0x3, 0x2, 0x2, 0x2, 0xb2, 0x21, 0x3, 0x2, 0x2, 0x2, 0xb3, 0xb5, 0x7, 
    0xb, 0x2, 0x2, 0xb4, 0xb3, 0x3, 0x2, 0x2, 0x2, 0xb4, 0xb5, 0x3, 0x2, 
    0x2, 0x2, 0xb5, 0xb6, 0x3, 0x2, 0x2, 0x2, 0xb6, 0xb7, 0x7, 0xc, 0x2, 
    0x2, 0xb7, 0x23, 0x3, 0x2, 0x2, 0x2, 0xb8, 0xb9, 0x7, 0x7, 0x2, 0x2, 
    0xb9, 0xbc, 0x7, 0xb, 0x2, 0x2, 0xba, 0xbd, 0x5, 0x1c, 0xf, 0x2, 0xbb, 
    0xbd, 0x7, 0xb, 0x2, 0x2, 0xbc, 0xba, 0x3, 0x2, 0x2, 0x2, 0xbc, 0xbb, 
    0x3, 0x2, 0x2, 0x2, 0xbd, 0x25, 0x3, 0x2, 0x2, 0x2, 0xbe, 0xbf, 0x7, 
    0x8, 0x2, 0x2, 0xbf, 0xc0, 0x7, 0x1d, 0x2, 0x2, 0xc0, 0xc1, 0x7, 0x13, 
    0x2, 0x2, 0xc1, 0x27, 0x3, 0x2, 0x2, 0x2, 0xc2, 0xc3, 0x7, 0xa, 0x2, 
    0x2, 0xc3, 0xc4, 0x7, 0x1d, 0x2, 0x2, 0xc4, 0xc5, 0x7, 0x13, 0x2, 0x2, 
    0xc5, 0x29, 0x3, 0x2, 0x2, 0x2, 0x1e, 0x2d, 0x37, 0x3c, 0x3e, 0x42, 
    0x46, 0x50, 0x54, 0x58, 0x5b, 0x60, 0x62, 0x65, 0x68, 0x6d, 0x71, 0x7a, 
    0x7c, 0x87, 0x92, 0x99, 0x9e, 0xa1, 0xa8, 0xac, 0xb1, 0xb4, 0xbc, 
  };

  atn::ATNDeserializer deserializer;
  _atn = deserializer.deserialize(_serializedATN);

  size_t count = _atn.getNumberOfDecisions();
  _decisionToDFA.reserve(count);
  for (size_t i = 0; i < count; i++) { 
    _decisionToDFA.emplace_back(_atn.getDecisionState(i), i);
  }
}

ClickParser::Initializer ClickParser::_init;
