
// Generated from Click.g4 by ANTLR 4.9

#pragma once


#include "antlr4-runtime.h"




class  ClickParser : public antlr4::Parser {
public:
  enum {
    DIRECTIVE = 1, LINE_COMMENT = 2, BLOCK_COMMENT = 3, WS = 4, ELEMENTCLASS = 5, 
    REQUIRE = 6, PROVIDE = 7, DEFINE = 8, IDENT = 9, VARIABLE = 10, ARROW = 11, 
    DARROW = 12, DCOLON = 13, OROR = 14, ELLIPSIS = 15, LPAREN = 16, RPAREN = 17, 
    LBRACE = 18, RBRACE = 19, LBRACKET = 20, RBRACKET = 21, COMMA = 22, 
    SEMI = 23, BAR = 24, MINUS = 25, OTHER = 26, CONFIG = 27
  };

  enum {
    RuleConfig = 0, RuleStatement = 1, RuleConnection = 2, RuleConnector = 3, 
    RuleElements = 4, RuleElement = 5, RuleElementRest = 6, RuleElementBody = 7, 
    RuleClassRef = 8, RuleConfigArg = 9, RulePort = 10, RulePortNumber = 11, 
    RuleGroup = 12, RuleCompound = 13, RuleCompoundBody = 14, RuleFormals = 15, 
    RuleFormal = 16, RuleElementclassStmt = 17, RuleRequireStmt = 18, RuleDefineStmt = 19
  };

  explicit ClickParser(antlr4::TokenStream *input);
  ~ClickParser();

  virtual std::string getGrammarFileName() const override;
  virtual const antlr4::atn::ATN& getATN() const override { return _atn; };
  virtual const std::vector<std::string>& getTokenNames() const override { return _tokenNames; }; // deprecated: use vocabulary instead.
  virtual const std::vector<std::string>& getRuleNames() const override;
  virtual antlr4::dfa::Vocabulary& getVocabulary() const override;


  class ConfigContext;
  class StatementContext;
  class ConnectionContext;
  class ConnectorContext;
  class ElementsContext;
  class ElementContext;
  class ElementRestContext;
  class ElementBodyContext;
  class ClassRefContext;
  class ConfigArgContext;
  class PortContext;
  class PortNumberContext;
  class GroupContext;
  class CompoundContext;
  class CompoundBodyContext;
  class FormalsContext;
  class FormalContext;
  class ElementclassStmtContext;
  class RequireStmtContext;
  class DefineStmtContext; 

  class  ConfigContext : public antlr4::ParserRuleContext {
  public:
    ConfigContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *EOF();
    std::vector<StatementContext *> statement();
    StatementContext* statement(size_t i);

   
  };

  ConfigContext* config();

  class  StatementContext : public antlr4::ParserRuleContext {
  public:
    StatementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    ConnectionContext *connection();
    ElementclassStmtContext *elementclassStmt();
    RequireStmtContext *requireStmt();
    DefineStmtContext *defineStmt();
    antlr4::tree::TerminalNode *SEMI();

   
  };

  StatementContext* statement();

  class  ConnectionContext : public antlr4::ParserRuleContext {
  public:
    ConnectionContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    std::vector<ElementsContext *> elements();
    ElementsContext* elements(size_t i);
    std::vector<ConnectorContext *> connector();
    ConnectorContext* connector(size_t i);

   
  };

  ConnectionContext* connection();

  class  ConnectorContext : public antlr4::ParserRuleContext {
  public:
    ConnectorContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *ARROW();
    antlr4::tree::TerminalNode *DARROW();

   
  };

  ConnectorContext* connector();

  class  ElementsContext : public antlr4::ParserRuleContext {
  public:
    ElementsContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    std::vector<ElementContext *> element();
    ElementContext* element(size_t i);
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);

   
  };

  ElementsContext* elements();

  class  ElementContext : public antlr4::ParserRuleContext {
  public:
    ElementContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    PortContext *port();
    ElementRestContext *elementRest();

   
  };

  ElementContext* element();

  class  ElementRestContext : public antlr4::ParserRuleContext {
  public:
    ElementRestContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    ElementBodyContext *elementBody();
    antlr4::tree::TerminalNode *DCOLON();
    ConfigArgContext *configArg();
    PortContext *port();
    ClassRefContext *classRef();

   
  };

  ElementRestContext* elementRest();

  class  ElementBodyContext : public antlr4::ParserRuleContext {
  public:
    ElementBodyContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *IDENT();
    CompoundContext *compound();
    GroupContext *group();

   
  };

  ElementBodyContext* elementBody();

  class  ClassRefContext : public antlr4::ParserRuleContext {
  public:
    ClassRefContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *IDENT();
    CompoundContext *compound();

   
  };

  ClassRefContext* classRef();

  class  ConfigArgContext : public antlr4::ParserRuleContext {
  public:
    ConfigArgContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *CONFIG();
    antlr4::tree::TerminalNode *RPAREN();

   
  };

  ConfigArgContext* configArg();

  class  PortContext : public antlr4::ParserRuleContext {
  public:
    PortContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *LBRACKET();
    antlr4::tree::TerminalNode *RBRACKET();
    std::vector<PortNumberContext *> portNumber();
    PortNumberContext* portNumber(size_t i);
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);
    std::vector<antlr4::tree::TerminalNode *> MINUS();
    antlr4::tree::TerminalNode* MINUS(size_t i);

   
  };

  PortContext* port();

  class  PortNumberContext : public antlr4::ParserRuleContext {
  public:
    PortNumberContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *IDENT();

   
  };

  PortNumberContext* portNumber();

  class  GroupContext : public antlr4::ParserRuleContext {
  public:
    GroupContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *LPAREN();
    antlr4::tree::TerminalNode *RPAREN();
    std::vector<StatementContext *> statement();
    StatementContext* statement(size_t i);

   
  };

  GroupContext* group();

  class  CompoundContext : public antlr4::ParserRuleContext {
  public:
    CompoundContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *LBRACE();
    std::vector<CompoundBodyContext *> compoundBody();
    CompoundBodyContext* compoundBody(size_t i);
    antlr4::tree::TerminalNode *RBRACE();
    std::vector<antlr4::tree::TerminalNode *> OROR();
    antlr4::tree::TerminalNode* OROR(size_t i);

   
  };

  CompoundContext* compound();

  class  CompoundBodyContext : public antlr4::ParserRuleContext {
  public:
    CompoundBodyContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *ELLIPSIS();
    FormalsContext *formals();
    std::vector<StatementContext *> statement();
    StatementContext* statement(size_t i);

   
  };

  CompoundBodyContext* compoundBody();

  class  FormalsContext : public antlr4::ParserRuleContext {
  public:
    FormalsContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    std::vector<FormalContext *> formal();
    FormalContext* formal(size_t i);
    antlr4::tree::TerminalNode *BAR();
    std::vector<antlr4::tree::TerminalNode *> COMMA();
    antlr4::tree::TerminalNode* COMMA(size_t i);

   
  };

  FormalsContext* formals();

  class  FormalContext : public antlr4::ParserRuleContext {
  public:
    FormalContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *VARIABLE();
    antlr4::tree::TerminalNode *IDENT();

   
  };

  FormalContext* formal();

  class  ElementclassStmtContext : public antlr4::ParserRuleContext {
  public:
    ElementclassStmtContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *ELEMENTCLASS();
    std::vector<antlr4::tree::TerminalNode *> IDENT();
    antlr4::tree::TerminalNode* IDENT(size_t i);
    CompoundContext *compound();

   
  };

  ElementclassStmtContext* elementclassStmt();

  class  RequireStmtContext : public antlr4::ParserRuleContext {
  public:
    RequireStmtContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *REQUIRE();
    antlr4::tree::TerminalNode *CONFIG();
    antlr4::tree::TerminalNode *RPAREN();

   
  };

  RequireStmtContext* requireStmt();

  class  DefineStmtContext : public antlr4::ParserRuleContext {
  public:
    DefineStmtContext(antlr4::ParserRuleContext *parent, size_t invokingState);
    virtual size_t getRuleIndex() const override;
    antlr4::tree::TerminalNode *DEFINE();
    antlr4::tree::TerminalNode *CONFIG();
    antlr4::tree::TerminalNode *RPAREN();

   
  };

  DefineStmtContext* defineStmt();


private:
  static std::vector<antlr4::dfa::DFA> _decisionToDFA;
  static antlr4::atn::PredictionContextCache _sharedContextCache;
  static std::vector<std::string> _ruleNames;
  static std::vector<std::string> _tokenNames;

  static std::vector<std::string> _literalNames;
  static std::vector<std::string> _symbolicNames;
  static antlr4::dfa::Vocabulary _vocabulary;
  static antlr4::atn::ATN _atn;
  static std::vector<uint16_t> _serializedATN;


  struct Initializer {
    Initializer();
  };
  static Initializer _init;
};

