// SPDX-License-Identifier: Apache-2.0
// lorascope-manpages: writes the man pages of lorascope-cli and of each of its subcommands from the
// --help text the built binary prints, so the pages cannot drift from --help. Runs at build time.
//
//   lorascope-manpages --cli PATH --out DIR --version V [--page NAME SECTION SUMMARY TEXTFILE]...
//
// With --cli, runs `PATH --help`, reads the command list under "Commands:" and runs
// `PATH NAME --help` for each; every page goes to DIR/NAME.1 (lorascope-cli-NAME.1 for a
// subcommand). --page converts a help-style text file (used for the desktop app's page).
// Each page is also written gzip-compressed (NAME.1.gz, what gets installed).
// Old *.1 files in DIR are removed first, so a removed subcommand leaves no stale page.
//
// The help text layout it understands (the one every lorascope-cli --help uses):
//   Usage: lorascope-cli CMD ...        first paragraph, becomes SYNOPSIS
//   prose paragraphs                     DESCRIPTION (filled)
//   Title:  [text]                       a new section (one to three words, after a blank line)
//     term   description                 an indented term list (two spaces before the description)
//                 continuation           deeper indentation continues the description
//     other indented lines               kept verbatim (examples)
// Anything it does not recognise is kept as text, never dropped.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Runs argv without a shell and returns its standard output; throws when it cannot run or exits non-zero.
std::string runProcess(const std::vector<std::string>& argv, bool expectOutput = true)
{
    std::string shown;
    for (const auto& a : argv)
        shown += (shown.empty() ? "" : " ") + a;
    int fds[2];
    if (pipe(fds) != 0)
        throw Failure("pipe: " + std::string(std::strerror(errno)));
    const pid_t pid = fork();
    if (pid < 0)
        throw Failure("fork: " + std::string(std::strerror(errno)));
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        std::vector<char*> args;
        for (const auto& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        std::fprintf(stderr, "lorascope-manpages: cannot run %s: %s\n", args[0], std::strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        out.append(buf, static_cast<size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw Failure("`" + shown + "` failed (exit status "
            + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
    if (expectOutput && out.empty())
        throw Failure("`" + shown + "` printed nothing");
    return out;
}

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::string cur;
    for (char c : text) {
        if (c == '\n') {
            lines.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    if (!cur.empty())
        lines.push_back(cur);
    // trailing spaces carry no meaning in help text
    for (auto& l : lines)
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t'))
            l.pop_back();
    return lines;
}

size_t indentOf(const std::string& line)
{
    size_t i = 0;
    while (i < line.size() && line[i] == ' ')
        ++i;
    return i;
}

/// Escapes text for roff: backslash, minus (so options copy and paste as ASCII), quotes, non-ASCII.
std::string esc(const std::string& s)
{
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\\') {
            out += "\\e";
        } else if (c == '-') {
            out += "\\-";
        } else if (c == '\'') {
            out += "\\(aq";
        } else if (c == '`') {
            out += "\\(ga";
        } else if (c == '\t') {
            out += "    ";
        } else if (c < 0x80) {
            out += static_cast<char>(c);
        } else {
            // decode one UTF-8 sequence into \[uXXXX]
            unsigned cp = 0;
            int more = 0;
            if ((c & 0xE0) == 0xC0) {
                cp = c & 0x1F;
                more = 1;
            } else if ((c & 0xF0) == 0xE0) {
                cp = c & 0x0F;
                more = 2;
            } else if ((c & 0xF8) == 0xF0) {
                cp = c & 0x07;
                more = 3;
            } else {
                out += "\\[uFFFD]";
                continue;
            }
            bool ok = i + more < s.size();
            for (int k = 1; ok && k <= more; ++k) {
                const auto cc = static_cast<unsigned char>(s[i + k]);
                if ((cc & 0xC0) != 0x80)
                    ok = false;
                else
                    cp = (cp << 6) | (cc & 0x3F);
            }
            if (!ok) {
                out += "\\[uFFFD]";
                continue;
            }
            i += more;
            char hex[16];
            std::snprintf(hex, sizeof hex, "\\[u%04X]", cp);
            out += hex;
        }
    }
    return out;
}

/// A text line for roff: escaped, and guarded when it would start with a control character.
std::string textLine(const std::string& s)
{
    std::string e = esc(s);
    if (!e.empty() && (e[0] == '.' || e[0] == '\''))
        e = "\\&" + e;
    return e;
}

bool isPlaceholder(const std::string& tok)
{
    if (tok.empty() || !std::isupper(static_cast<unsigned char>(tok[0])))
        return false;
    return std::all_of(tok.begin(), tok.end(), [](char c) {
        return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_'
            || c == ',' || c == '.' || c == ':' || c == '[' || c == ']' || c == '|';
    });
}

/// A term such as "-o, --output FILE": option names bold, UPPERCASE placeholders italic.
std::string formatTerm(const std::string& term)
{
    std::string out;
    std::string tok;
    auto flush = [&]() {
        if (tok.empty())
            return;
        std::string trail;
        if (tok.size() > 1 && tok.back() == ',') {
            trail = ",";
            tok.pop_back();
        }
        const auto eq = tok.find('=');
        if (tok[0] == '-' && eq != std::string::npos)
            out += "\\fB" + esc(tok.substr(0, eq)) + "\\fR=\\fI" + esc(tok.substr(eq + 1)) + "\\fR";
        else if (isPlaceholder(tok))
            out += "\\fI" + esc(tok) + "\\fR";
        else
            out += "\\fB" + esc(tok) + "\\fR";
        out += trail;
        tok.clear();
    };
    for (char c : term) {
        if (c == ' ') {
            flush();
            out += ' ';
        } else {
            tok += c;
        }
    }
    flush();
    if (!out.empty() && out[0] == '.')
        out = "\\&" + out;
    return out;
}

/// "Usage: lorascope-cli generate (--spec FILE ...) -o FILE": leading command words bold.
std::string formatSynopsis(const std::string& line)
{
    std::string out;
    size_t i = 0;
    bool inCommand = true;
    while (i < line.size()) {
        const size_t end = std::min(line.find(' ', i), line.size());
        const std::string tok = line.substr(i, end - i);
        const bool word = !tok.empty() && std::all_of(tok.begin(), tok.end(), [](char c) {
            return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c))
                || c == '-';
        });
        if (inCommand && word && tok[0] != '-')
            out += "\\fB" + esc(tok) + "\\fR";
        else {
            inCommand = false;
            out += isPlaceholder(tok) ? "\\fI" + esc(tok) + "\\fR" : esc(tok);
        }
        if (end < line.size())
            out += ' ';
        i = end + 1;
    }
    return out;
}

std::string upper(std::string s)
{
    for (auto& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

/// "Title:" or "Title: text" at column 0 with one to three words: a section header.
bool sectionHeader(const std::string& line, std::string& title, std::string& rest)
{
    if (line.empty() || !std::isupper(static_cast<unsigned char>(line[0])))
        return false;
    const auto colon = line.find(':');
    if (colon == std::string::npos || colon > 30)
        return false;
    const std::string t = line.substr(0, colon);
    int words = 1;
    for (char c : t) {
        if (c == ' ')
            ++words;
        else if (!std::isalpha(static_cast<unsigned char>(c)) && c != '-' && c != '/')
            return false;
    }
    if (words > 3 || (colon + 1 < line.size() && line[colon + 1] != ' '))
        return false;
    title = t;
    rest = colon + 1 < line.size() ? line.substr(line.find_first_not_of(' ', colon + 1)) : std::string();
    return true;
}

/// Splits "  term   description" (two or more spaces between) into its parts.
bool termLine(const std::string& line, std::string& term, std::string& desc)
{
    const size_t ind = indentOf(line);
    if (ind == 0 || ind > 6)
        return false;
    const auto gap = line.find("  ", ind);
    if (gap == std::string::npos)
        return false;
    term = line.substr(ind, gap - ind);
    const auto d = line.find_first_not_of(' ', gap);
    desc = d == std::string::npos ? std::string() : line.substr(d);
    return !desc.empty();
}

struct Page {
    std::string name; ///< e.g. lorascope-cli-generate
    std::string summary; ///< one line for NAME
    std::string help; ///< the --help text
    std::vector<std::string> seeAlso;
};

/// Converts one help text to a man(7) page.
std::string toRoff(const Page& p, const std::string& version)
{
    std::ostringstream o;
    o << ".\\\" Generated by lorascope-manpages from `" << p.name << " --help` text; do not edit.\n";
    o << ".TH " << esc(upper(p.name)) << " 1 \"\" \"LoraScope " << esc(version) << "\" \"User Commands\"\n";
    o << ".nh\n"; // no hyphenation: option names and file names stay whole
    o << ".SH NAME\n" << esc(p.name) << " \\- " << esc(p.summary) << "\n";

    const auto lines = splitLines(p.help);
    size_t i = 0;
    // SYNOPSIS: the first paragraph when it starts with "Usage:"
    if (!lines.empty() && lines[0].rfind("Usage:", 0) == 0) {
        o << ".SH SYNOPSIS\n";
        bool first = true;
        for (; i < lines.size() && !lines[i].empty(); ++i) {
            std::string l = lines[i];
            if (l.rfind("Usage:", 0) == 0)
                l = l.substr(6);
            else if (l.find("or:") != std::string::npos && l.find_first_not_of(' ') == l.find("or:"))
                l = l.substr(l.find("or:") + 3);
            l = l.substr(std::min(l.size(), l.find_first_not_of(' ')));
            if (!first)
                o << ".br\n";
            o << formatSynopsis(l) << "\n";
            first = false;
        }
    }
    o << ".SH DESCRIPTION\n";
    enum class Mode { Para, Entry, Literal };
    Mode mode = Mode::Para;
    bool needPara = false; // a blank line was seen: start a new paragraph before the next text
    bool sectionFresh = true; // nothing written in the current section yet
    size_t entryIndent = 0;
    bool prevBlank = true;
    auto endLiteral = [&]() {
        if (mode == Mode::Literal)
            o << ".fi\n.RE\n";
    };
    for (; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        if (line.empty()) {
            endLiteral();
            if (mode != Mode::Para) {
                mode = Mode::Para;
            }
            needPara = true;
            prevBlank = true;
            continue;
        }
        const size_t ind = indentOf(line);
        std::string title, rest, term, desc;
        if (ind == 0 && prevBlank && sectionHeader(line, title, rest)) {
            endLiteral();
            mode = Mode::Para;
            o << ".SH " << esc(upper(title)) << "\n";
            sectionFresh = true;
            needPara = false;
            if (!rest.empty()) {
                o << textLine(rest) << "\n";
                sectionFresh = false;
            }
        } else if (ind == 0) {
            endLiteral();
            if (mode != Mode::Para || (needPara && !sectionFresh))
                o << ".PP\n";
            mode = Mode::Para;
            needPara = false;
            o << textLine(line) << "\n";
            sectionFresh = false;
        } else if (mode == Mode::Entry && ind > entryIndent && !needPara) {
            o << textLine(line.substr(ind)) << "\n"; // continuation of the description
        } else if (termLine(line, term, desc)) {
            endLiteral();
            o << ".TP\n" << formatTerm(term) << "\n" << textLine(desc) << "\n";
            mode = Mode::Entry;
            entryIndent = ind;
            needPara = false;
            sectionFresh = false;
        } else if (ind <= 6 && i + 1 < lines.size() && indentOf(lines[i + 1]) > ind + 4 && !lines[i + 1].empty()
            && mode != Mode::Literal) {
            // a long term with its description on the following, deeper indented lines
            o << ".TP\n" << formatTerm(line.substr(ind)) << "\n";
            mode = Mode::Entry;
            entryIndent = ind;
            needPara = false;
            sectionFresh = false;
        } else {
            if (mode != Mode::Literal) {
                if (mode == Mode::Entry)
                    o << ".PP\n";
                o << ".RS 4\n.nf\n";
                mode = Mode::Literal;
            }
            o << textLine(line.substr(std::min<size_t>(ind, 2))) << "\n";
            needPara = false;
            sectionFresh = false;
        }
        prevBlank = false;
    }
    endLiteral();
    if (!p.seeAlso.empty()) {
        o << ".SH SEE ALSO\n";
        for (size_t k = 0; k < p.seeAlso.size(); ++k)
            o << "\\fB" << esc(p.seeAlso[k]) << "\\fR(1)" << (k + 1 < p.seeAlso.size() ? ",\n" : "\n");
    }
    return o.str();
}

/// First sentence of the first prose paragraph after the usage lines, lower-cased at the start.
std::string summaryOf(const std::string& help)
{
    const auto lines = splitLines(help);
    size_t i = 0;
    if (!lines.empty() && lines[0].rfind("Usage:", 0) == 0)
        while (i < lines.size() && !lines[i].empty())
            ++i;
    while (i < lines.size() && lines[i].empty())
        ++i;
    std::string para;
    for (; i < lines.size() && !lines[i].empty(); ++i)
        para += (para.empty() ? "" : " ") + lines[i];
    auto dot = para.find(". ");
    if (dot == std::string::npos && !para.empty() && para.back() == '.')
        dot = para.size() - 1;
    std::string s = para.substr(0, dot);
    if (s.size() > 1 && std::isupper(static_cast<unsigned char>(s[0]))
        && std::islower(static_cast<unsigned char>(s[1])))
        s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
}

void writeFile(const fs::path& path, const std::string& text)
{
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f << text;
        f.close();
        if (!f)
            throw Failure("cannot write " + tmp.string());
    }
    fs::rename(tmp, path);
}

std::string readText(const fs::path& path)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw Failure("cannot read " + path.string());
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

int usage()
{
    std::cerr << "usage: lorascope-manpages --out DIR --version V [--cli PATH] [--page NAME SUMMARY TEXTFILE]...\n";
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    std::string cli, version;
    fs::path outDir;
    std::vector<Page> extra;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            if (a == "--cli" && i + 1 < argc)
                cli = argv[++i];
            else if (a == "--out" && i + 1 < argc)
                outDir = argv[++i];
            else if (a == "--version" && i + 1 < argc)
                version = argv[++i];
            else if (a == "--page" && i + 3 < argc) {
                Page p;
                p.name = argv[i + 1];
                p.summary = argv[i + 2];
                p.help = readText(argv[i + 3]);
                extra.push_back(p);
                i += 3;
            } else
                return usage();
        }
        if (outDir.empty() || version.empty() || (cli.empty() && extra.empty()))
            return usage();

        std::vector<Page> pages;
        if (!cli.empty()) {
            const std::string mainHelp = runProcess({ cli, "--help" });
            std::vector<std::pair<std::string, std::string>> cmds; // name, summary
            const auto lines = splitLines(mainHelp);
            bool inCommands = false;
            for (const auto& l : lines) {
                if (l == "Commands:") {
                    inCommands = true;
                    continue;
                }
                if (!inCommands)
                    continue;
                if (l.empty())
                    break;
                std::string term, desc;
                if (!termLine(l, term, desc) || term.find(' ') != std::string::npos)
                    throw Failure("cannot read the command line \"" + l + "\" in `" + cli + " --help`");
                cmds.emplace_back(term, desc);
            }
            if (cmds.empty())
                throw Failure("no \"Commands:\" list in `" + cli + " --help`");
            const std::string prog = fs::path(cli).filename().string();
            Page top { prog, summaryOf(mainHelp), mainHelp, {} };
            for (const auto& [name, summary] : cmds)
                top.seeAlso.push_back(prog + "-" + name);
            top.seeAlso.push_back("lorascope");
            pages.push_back(top);
            for (const auto& [name, summary] : cmds) {
                Page p { prog + "-" + name, summary, runProcess({ cli, name, "--help" }), { prog } };
                pages.push_back(p);
            }
        }
        for (auto& p : extra) {
            p.seeAlso.push_back("lorascope-cli");
            pages.push_back(p);
        }

        fs::create_directories(outDir);
        for (const auto& entry : fs::directory_iterator(outDir)) {
            const auto ext = entry.path().extension();
            const auto name = entry.path().filename().string();
            if (ext == ".1" || (name.size() > 5 && name.compare(name.size() - 5, 5, ".1.gz") == 0))
                fs::remove(entry.path());
        }
        for (const auto& p : pages) {
            const fs::path page = outDir / (p.name + ".1");
            writeFile(page, toRoff(p, version));
            // Debian installs man pages gzip-compressed; -n keeps the archive reproducible, -k the .1 for checks.
            runProcess({ "gzip", "-9nkf", page.string() }, false);
        }
    } catch (const std::exception& e) {
        std::cerr << "lorascope-manpages: error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
