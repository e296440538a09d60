// ClickContextLexer: the generated C++ ClickLexer (grammar/gen_cpp, ANTLR 4.9) with the
// methods grammar/Click.g4's actions call (`self._lparen();`, `self._comment();`,
// `self._directive();`).  This is the C++ form of compiler/frontend/lexsupport.py and must
// give the same tokens, line directives, landmark gaps and lexer errors:
// tests/frontend/test_cpp_parser.py compares the two on every example and test configuration.
//
// Include this file, then the generated ClickLexer.cpp (grammar/cpp/clickc_cparser.cpp does):
// the generated action functions are members of ClickLexer, and `self` names the subclass.
//
// Inputs it cannot reproduce exactly (a line directive's number longer than 15 digits) set
// `unsupported`; the caller then parses with the Python parser instead.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "antlr4-runtime.h"
#include "ClickLexer.h"
#include "ClickParser.h"

namespace clickc {

// The text as ANTLR's input stream holds it (one 32-bit code a character, as Python's str
// indexes it; surrogates from surrogateescape included), readable by the lexer's actions.
class TextInput : public antlr4::ANTLRInputStream {
  public:
    explicit TextInput(std::u32string text) : antlr4::ANTLRInputStream() {
        _data = std::move(text);
        p = 0;
    }
    const std::u32string &text() const { return _data; }
};

// One recorded line directive: physical line, new number, the quoted file name (unquoted by
// the Python side with cp_unquote; empty with has_file false when the directive names none).
struct Directive {
    int64_t line;
    int64_t number;
    bool has_file;
    std::u32string file;
};

class ClickContextLexer : public ClickLexer {
  public:
    explicit ClickContextLexer(TextInput *input) : ClickLexer(input), in_(input) {}

    std::vector<Directive> directives;
    std::vector<std::pair<int64_t, std::string>> lexerrors;
    std::set<int64_t> nonentry;
    // the text of each CONFIG token, in the order they were lexed
    std::vector<std::u32string> configs;
    bool unsupported = false;

    std::unique_ptr<antlr4::Token> nextToken() override {
        std::unique_ptr<antlr4::Token> tok = ClickLexer::nextToken();
        if (tok->getChannel() == 0) {
            size_t t = tok->getType();
            after_close_ = false;
            if (t == LBRACE) {
                braces_.push_back(prev_[2] == IDENT && prev_[1] == ELEMENTCLASS);
            } else if (t == RBRACE) {
                if (!braces_.empty()) {
                    after_close_ = !braces_.back();
                    braces_.pop_back();
                }
            } else if (t == LPAREN) {
                parens_++;
            } else if (t == RPAREN && prev_[2] != ClickParser::CONFIG && parens_) {
                parens_--;
                after_close_ = true;
            }
            prev_[0] = prev_[1];
            prev_[1] = prev_[2];
            prev_[2] = t;
        }
        return tok;
    }

    void _comment() {
        const std::u32string &d = in_->text();
        int64_t line = static_cast<int64_t>(tokenStartLine);
        int64_t n = 0;
        for (size_t i = tokenStartCharIndex; i < in_->index() && i < d.size(); i++)
            n += d[i] == U'\n';
        for (int64_t k = 1; k <= n; k++)
            nonentry.insert(line + k);
    }

    void _directive() {
        if (tokenStartCharPositionInLine != 0) {
            // not at the start of a line: just the character '#'
            in_->seek(tokenStartCharIndex + 1);
            getInterpreter<antlr4::atn::LexerATNSimulator>()->setCharPositionInLine(
                tokenStartCharPositionInLine + 1);
            setType(OTHER);
            return;
        }
        const std::u32string &d = in_->text();
        directive(d, tokenStartCharIndex, in_->index(), static_cast<int64_t>(getLine()));
        skip();
    }

    void _lparen() {
        if (prev_[2] == RPAREN && prev_[1] == ClickParser::CONFIG) {
            setType(OTHER);   // 'X(a)(b)': Click reports a syntax error at the second '('
            return;
        }
        if (!config_allowed())
            return;
        const std::u32string &data = in_->text();
        size_t n = data.size();
        size_t start = in_->index();
        size_t i = start;
        int depth = 1;
        std::u32string out;
        size_t seg = i;
        int64_t line0 = static_cast<int64_t>(getLine());
        while (i < n) {
            while (i < n && !special(data[i]))
                i++;
            if (i >= n)
                break;
            char32_t c = data[i];
            if (c == U'(') {
                depth++;
            } else if (c == U')') {
                if (--depth == 0)
                    break;
            } else if (c == U'#') {
                if (i > 0 && data[i - 1] == U'\n') {
                    out.append(data, seg, i - seg);
                    size_t j = data.find(U'\n', i);
                    j = j == std::u32string::npos ? n : j;
                    int64_t line = line0 + count_nl(data, start, i);
                    // a valid directive keeps its newline; an unknown one is dropped with it
                    seg = directive(data, i, j, line) ? j : j + 1;
                    i = j;
                    continue;
                }
            } else if (c == U'/') {
                // a // comment runs through its newline, a /* comment through */ (or the end)
                if (i + 1 < n && (data[i + 1] == U'/' || data[i + 1] == U'*')) {
                    std::u32string close = data[i + 1] == U'/' ? U"\n" : U"*/";
                    size_t j = data.find(close, i + 2);
                    j = j == std::u32string::npos ? n : j + close.size();
                    skipped(data, start, i, j, line0);
                    i = j;
                    continue;
                }
            } else if (c == U'"' || c == U'\'') {
                std::vector<size_t> escaped;
                size_t j = skip_quote(data, i + 1, c, n, &escaped);
                skipped(data, start, i, j, line0);
                for (size_t pos : escaped) {
                    // Click's skip_quote steps over a backslash-newline without counting the
                    // line, so every later line number is one less: a line directive
                    int64_t dl = line0 + count_nl(data, start, pos + 1);
                    directives.push_back(Directive{dl, logical(dl), false, U""});
                }
                i = j;
                continue;
            } else if (c == U'\\') {
                if (i + 1 < n && data[i + 1] == U'<') {
                    size_t j = skip_angle(data, i + 2, n);
                    skipped(data, start, i, j, line0);
                    i = j;
                    continue;
                }
            }
            i++;
        }
        if (i > n)
            i = n;
        if (seg < i)
            out.append(data, seg, i - seg);
        // advance the input (the lexer's line counter follows) up to the closing ')'
        int64_t nl = count_nl(data, start, i);
        auto *interp = getInterpreter<antlr4::atn::LexerATNSimulator>();
        if (nl) {
            interp->setLine(interp->getLine() + static_cast<size_t>(nl));
            size_t last = data.rfind(U'\n', i - 1);
            interp->setCharPositionInLine(i - (last + 1));
        } else {
            interp->setCharPositionInLine(interp->getCharPositionInLine() + (i - start));
        }
        in_->seek(i);
        setType(ClickParser::CONFIG);
        configs.push_back(std::move(out));
    }

  private:
    TextInput *in_;
    size_t prev_[3] = {0, 0, 0};
    std::vector<bool> braces_;
    size_t parens_ = 0;
    bool after_close_ = false;

    static bool special(char32_t c) {
        return c == U'(' || c == U')' || c == U'#' || c == U'/' || c == U'"' || c == U'\''
            || c == U'\\';
    }

    static int64_t count_nl(const std::u32string &d, size_t i, size_t j) {
        int64_t n = 0;
        for (; i < j && i < d.size(); i++)
            n += d[i] == U'\n';
        return n;
    }

    bool config_allowed() const {
        if (prev_[2] == IDENT)
            // not the class name nor the synonym target of an 'elementclass' statement
            return prev_[1] != ELEMENTCLASS && !(prev_[1] == IDENT && prev_[0] == ELEMENTCLASS);
        if (prev_[2] == REQUIRE || prev_[2] == DEFINE || prev_[2] == PROVIDE)
            return true;
        if (prev_[2] == RBRACE || prev_[2] == RPAREN)
            return after_close_;
        return false;
    }

    // Newlines in data[i, j) (a comment or quote inside a config) get no landmark entry.
    void skipped(const std::u32string &d, size_t start, size_t i, size_t j, int64_t line0) {
        int64_t k = count_nl(d, i, j);
        if (k) {
            int64_t base = line0 + count_nl(d, start, i);
            for (int64_t m = 1; m <= k; m++)
                nonentry.insert(base + m);
        }
    }

    // The line number Click has for physical `line` under the directives seen so far.
    int64_t logical(int64_t line) const {
        for (auto it = directives.rbegin(); it != directives.rend(); ++it)
            if (it->line < line)
                return it->number + line - it->line - 1;
        return line;
    }

    static size_t skip_angle(const std::u32string &d, size_t i, size_t n) {
        while (i < n) {
            char32_t c = d[i];
            if (c == U'/' && i + 1 < n && d[i + 1] == U'/') {
                size_t j = d.find(U'\n', i + 2);
                i = j == std::u32string::npos ? n : j + 1;
            } else if (c == U'/' && i + 1 < n && d[i + 1] == U'*') {
                size_t j = d.find(U"*/", i + 2);
                i = j == std::u32string::npos ? n : j + 2;
            } else if (c == U'>') {
                return i + 1;
            } else {
                i++;
            }
        }
        return n;
    }

    static size_t skip_quote(const std::u32string &d, size_t i, char32_t endc, size_t n,
                             std::vector<size_t> *escaped_nl) {
        while (i < n) {
            char32_t c = d[i];
            if (c == U'\\' && endc == U'"' && i + 1 < n) {
                if (d[i + 1] == U'\n' && escaped_nl)
                    escaped_nl->push_back(i + 1);
                i = d[i + 1] == U'<' ? skip_angle(d, i + 2, n) : i + 2;
            } else if (c == endc) {
                return i + 1;
            } else {
                i++;
            }
        }
        return n;
    }

    // Record the line directive d[i, j) found on physical `line`; false if unknown
    // (lexsupport.directive: `#[ \t]*(line[ \t]+)?DIGITS[ \t]*("...")?`).
    bool directive(const std::u32string &d, size_t i, size_t j, int64_t line) {
        size_t k = i + 1;
        auto blank = [&](size_t p) { return p < j && (d[p] == U' ' || d[p] == U'\t'); };
        while (blank(k))
            k++;
        if (j - k >= 5 && d.compare(k, 4, U"line") == 0 && blank(k + 4)) {
            size_t m = k + 4;
            while (blank(m))
                m++;
            if (m < j && d[m] >= U'0' && d[m] <= U'9')
                k = m;
        }
        size_t digits = k;
        int64_t number = 0;
        while (k < j && d[k] >= U'0' && d[k] <= U'9') {
            if (k - digits >= 15) {
                unsupported = true;
                return true;
            }
            number = number * 10 + (d[k] - U'0');
            k++;
        }
        if (k == digits) {
            lexerrors.emplace_back(line, "unknown preprocessor directive");
            nonentry.insert(line + 1);   // Click skips the rest of the line with its newline
            return false;
        }
        while (blank(k))
            k++;
        Directive dir{line, number, false, U""};
        if (k < j && d[k] == U'"') {
            // "(?:[^"\\\n]|\\.)*"? : up to the closing quote or the end of the line
            size_t q = k + 1;
            while (q < j && d[q] != U'"') {
                if (d[q] == U'\\' && q + 1 < j)
                    q += 2;
                else if (d[q] == U'\\')
                    break;
                else
                    q++;
            }
            bool closed = q < j && d[q] == U'"';
            std::u32string s(d, k, (closed ? q + 1 : q) - k);
            if (s.size() == 1 || s.back() != U'"'
                || (s.size() >= 2 && s[s.size() - 2] == U'\\'))
                s.push_back(U'"');
            dir.has_file = true;
            dir.file = std::move(s);
        }
        directives.push_back(std::move(dir));
        return true;
    }
};

}  // namespace clickc

// The generated action functions (ClickLexer.cpp) call `self._lparen();`: self is the
// ClickContextLexer the generated ClickLexer is the base of.
#define self (*static_cast<clickc::ClickContextLexer *>(this))
