
// Generated from Click.g4 by ANTLR 4.9

#pragma once


#include "antlr4-runtime.h"




class  ClickLexer : public antlr4::Lexer {
public:
  enum {
    DIRECTIVE = 1, LINE_COMMENT = 2, BLOCK_COMMENT = 3, WS = 4, ELEMENTCLASS = 5, 
    REQUIRE = 6, PROVIDE = 7, DEFINE = 8, IDENT = 9, VARIABLE = 10, ARROW = 11, 
    DARROW = 12, DCOLON = 13, OROR = 14, ELLIPSIS = 15, LPAREN = 16, RPAREN = 17, 
    LBRACE = 18, RBRACE = 19, LBRACKET = 20, RBRACKET = 21, COMMA = 22, 
    SEMI = 23, BAR = 24, MINUS = 25, OTHER = 26
  };

  explicit ClickLexer(antlr4::CharStream *input);
  ~ClickLexer();

  virtual std::string getGrammarFileName() const override;
  virtual const std::vector<std::string>& getRuleNames() const override;

  virtual const std::vector<std::string>& getChannelNames() const override;
  virtual const std::vector<std::string>& getModeNames() const override;
  virtual const std::vector<std::string>& getTokenNames() const override; // deprecated, use vocabulary instead
  virtual antlr4::dfa::Vocabulary& getVocabulary() const override;

  virtual const std::vector<uint16_t> getSerializedATN() const override;
  virtual const antlr4::atn::ATN& getATN() const override;

  virtual void action(antlr4::RuleContext *context, size_t ruleIndex, size_t actionIndex) override;
private:
  static std::vector<antlr4::dfa::DFA> _decisionToDFA;
  static antlr4::atn::PredictionContextCache _sharedContextCache;
  static std::vector<std::string> _ruleNames;
  static std::vector<std::string> _tokenNames;
  static std::vector<std::string> _channelNames;
  static std::vector<std::string> _modeNames;

  static std::vector<std::string> _literalNames;
  static std::vector<std::string> _symbolicNames;
  static antlr4::dfa::Vocabulary _vocabulary;
  static antlr4::atn::ATN _atn;
  static std::vector<uint16_t> _serializedATN;


  // Individual action functions triggered by action() above.
  void DIRECTIVEAction(antlr4::RuleContext *context, size_t actionIndex);
  void LINE_COMMENTAction(antlr4::RuleContext *context, size_t actionIndex);
  void BLOCK_COMMENTAction(antlr4::RuleContext *context, size_t actionIndex);
  void LPARENAction(antlr4::RuleContext *context, size_t actionIndex);

  // Individual semantic predicate functions triggered by sempred() above.

  struct Initializer {
    Initializer();
  };
  static Initializer _init;
};

