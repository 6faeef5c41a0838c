// SPDX-License-Identifier: Apache-2.0
// The 1024 words of LoraScope's synthetic prompts (workload/prompttext.h). Every word is one token,
// with and without a leading space, in the Llama 2, Mistral 7B, Llama 3 and Qwen tokenizers, so a
// prompt of n words is n tokens (plus the BOS the server adds). The list was written by hand from
// common English words and checked with scripts/check-prompt-words.py against those vocabularies;
// docs/replay.md ("Prompts") says how and where they came from. Change a word only after running
// that script, and keep the count a power of two (each word carries exactly 10 bits).

#include "workload/prompttext.h"

namespace lorascope {

const std::array<const char*, kPromptWordCount>& promptWords()
{
    // A table, kept as written:
    // clang-format off
    static const std::array<const char*, kPromptWordCount> words = {
        "the", "and", "for", "you", "that", "with", "this", "not", "was", "have", "can", "from", "are", "but", "your",
        "all", "which", "work", "his", "use", "will", "get", "one", "out", "new", "would", "there", "any", "when", "had",
        "has", "like", "man", "then", "some", "need", "what", "should", "also", "were", "they", "more", "her", "how",
        "just", "time", "first", "does", "them", "into", "its", "over", "way", "where", "value", "their", "same", "two",
        "name", "could", "about", "list", "who", "been", "run", "know", "see", "him", "under", "end", "look", "problem",
        "may", "type", "than", "question", "after", "result", "she", "line", "case", "make", "pass", "answer", "let",
        "test", "here", "call", "back", "did", "each", "off", "find", "now", "point", "read", "used", "such", "example",
        "string", "think", "number", "hand", "because", "start", "war", "help", "very", "different", "check", "text",
        "every", "before", "these", "again", "long", "second", "found", "right", "following", "said", "show", "well",
        "between", "through", "while", "something", "most", "car", "true", "much", "self", "even", "table", "print",
        "still", "down", "year", "being", "create", "main", "else", "play", "contain", "both", "open", "without", "word",
        "change", "works", "event", "field", "our", "made", "many", "good", "system", "another", "rest", "might", "order",
        "sign", "page", "must", "key", "program", "say", "select", "last", "real", "sure", "web", "current", "high",
        "input", "local", "process", "model", "those", "own", "server", "put", "row", "possible", "since", "correct",
        "output", "image", "working", "match", "called", "request", "instead", "why", "person", "private", "old", "above",
        "come", "build", "consider", "place", "project", "files", "false", "fun", "mean", "state", "great", "fact",
        "take", "access", "size", "left", "given", "final", "three", "far", "little", "able", "path", "present", "issue",
        "ask", "top", "better", "load", "child", "variable", "really", "count", "support", "people", "already", "done",
        "small", "default", "single", "fix", "always", "head", "query", "got", "never", "give", "index", "below",
        "record", "next", "day", "though", "display", "general", "upon", "turn", "sum", "having", "simple", "care",
        "results", "bit", "bar", "doing", "install", "position", "cannot", "appear", "side", "within", "date", "message",
        "during", "tell", "red", "thing", "sort", "sent", "service", "going", "later", "exact", "fine", "specific",
        "film", "things", "thought", "added", "based", "running", "refer", "search", "wrong", "until", "once", "against",
        "source", "allow", "control", "update", "inside", "reason", "instance", "effect", "similar", "mark", "content",
        "means", "getting", "around", "clear", "created", "button", "click", "life", "either", "few", "initial", "valid",
        "due", "break", "actually", "design", "property", "custom", "hard", "block", "map", "space", "large", "width",
        "kind", "color", "character", "response", "node", "item", "base", "idea", "near", "argument", "land", "names",
        "option", "links", "full", "came", "known", "multiple", "total", "ten", "keep", "four", "via", "context", "door",
        "miss", "hat", "looking", "times", "nothing", "power", "anything", "less", "please", "style", "probably",
        "however", "book", "action", "include", "elements", "height", "throw", "world", "least", "address", "level",
        "product", "course", "thread", "moment", "rather", "site", "home", "short", "lead", "lot", "points", "length",
        "defined", "serve", "remove", "whole", "memory", "begin", "apply", "format", "reference", "along", "task",
        "looks", "cost", "comment", "parameter", "yet", "away", "lines", "mind", "report", "range", "window", "library",
        "host", "copy", "went", "frame", "previous", "methods", "accept", "network", "assign", "body", "package", "light",
        "mention", "convert", "bus", "seen", "title", "took", "objects", "common", "changes", "available", "account",
        "send", "returns", "target", "variables", "numbers", "shows", "house", "face", "including", "makes", "required",
        "contains", "game", "quite", "school", "double", "album", "period", "store", "worked", "box", "close", "expected",
        "plan", "team", "structure", "words", "days", "parent", "label", "edit", "provide", "root", "module", "directory",
        "free", "enter", "making", "uses", "standard", "ever", "remain", "actual", "changed", "family", "press", "thanks",
        "written", "fire", "origin", "graph", "options", "section", "others", "limit", "often", "render", "tag", "sense",
        "interest", "empty", "types", "save", "font", "says", "language", "shall", "water", "month", "important", "young",
        "returned", "folder", "guess", "author", "mass", "users", "component", "filter", "condition", "half", "rows",
        "draw", "attempt", "needs", "normal", "country", "fields", "max", "built", "camp", "among", "cases", "named",
        "season", "special", "city", "article", "complex", "law", "needed", "screen", "shown", "bad", "cast", "step",
        "move", "columns", "fixed", "children", "almost", "figure", "catch", "matter", "handle", "exam", "club",
        "classes", "adding", "fail", "location", "tab", "errors", "note", "setting", "items", "feel", "mode", "auto",
        "template", "related", "wait", "low", "passed", "solve", "member", "connect", "round", "received", "define",
        "strong", "thus", "cause", "images", "sample", "front", "missing", "taken", "grand", "switch", "vector", "cover",
        "black", "selected", "insert", "matrix", "former", "night", "express", "third", "major", "status", "started",
        "early", "music", "soon", "week", "town", "models", "device", "average", "pattern", "avoid", "easy", "father",
        "updated", "white", "national", "air", "password", "big", "extra", "hold", "center", "song", "problems", "six",
        "header", "stream", "player", "someone", "video", "exists", "complete", "session", "constant", "pack", "yes",
        "email", "pointer", "force", "cross", "death", "takes", "details", "perfect", "machine", "held", "past",
        "regular", "provided", "gets", "history", "terms", "events", "soft", "hope", "subject", "creating", "flow", "job",
        "quick", "company", "writing", "according", "stop", "age", "pretty", "interface", "whose", "station", "arm",
        "eyes", "stack", "pair", "learn", "friend", "installed", "wanted", "included", "border", "download", "members",
        "pay", "questions", "fast", "except", "necessary", "reading", "equal", "unit", "replace", "heart", "talk",
        "human", "building", "delete", "fund", "lower", "zero", "failed", "slow", "nation", "sold", "assume", "amount",
        "social", "mentioned", "currently", "proof", "relations", "comes", "direction", "played", "five", "attack",
        "domain", "love", "deal", "outside", "business", "modern", "win", "unique", "distance", "future", "branch",
        "fill", "tree", "operator", "nature", "usually", "released", "letter", "push", "maybe", "likely", "material",
        "global", "prevent", "taking", "issues", "parts", "mother", "container", "none", "measure", "explain", "paper",
        "sequence", "features", "late", "algorithm", "lost", "room", "calls", "football", "live", "media", "rule",
        "closed", "mount", "drop", "tool", "route", "float", "services", "star", "prefer", "master", "story", "symbol",
        "west", "ways", "pick", "math", "operation", "energy", "women", "meet", "card", "logic", "margin", "layout",
        "states", "existing", "research", "clean", "offer", "ground", "leave", "bottom", "popular", "located", "join",
        "token", "claim", "although", "engine", "prime", "touch", "behavior", "strings", "register", "sometimes",
        "integer", "sound", "settings", "runs", "perhaps", "allowed", "turned", "extension", "stored", "answers", "heard",
        "woman", "tables", "higher", "active", "menu", "moved", "reach", "sets", "relative", "hours", "removed", "speed",
        "fit", "split", "official", "execute", "setup", "share", "minutes", "entry", "starting", "explicit", "party",
        "arguments", "tour", "scale", "role", "collect", "born", "ran", "activity", "scroll", "prove", "protected",
        "theory", "published", "positive", "forward", "wish", "loss", "career", "fall", "coming", "inner", "stuff",
        "purpose", "upload", "thank", "examples", "remember", "detect", "otherwise", "groups", "shell", "district",
        "records", "changing", "deep", "plot", "visit", "bug", "opened", "dark", "resource", "watch", "release",
        "learning", "allows", "whatever", "pages", "road", "unless", "discover", "wife", "fair", "grow", "rate",
        "central", "study", "advance", "hands", "lay", "sun", "steps", "boot", "pen", "church", "comments", "bed",
        "meaning", "extract", "computer", "species", "hash", "keys", "modify", "connected", "compile", "cat", "north",
        "alert", "walk", "training", "fetch", "spring", "asking", "testing", "progress", "ones", "choose", "systems",
        "continue", "transfer", "pain", "specified", "counter", "launch", "buffer", "mix", "grid", "requires", "square",
        "rules", "tip", "scope", "exit", "virtual", "recommend", "money", "versions", "editor", "seconds", "practice",
        "contact", "bring", "concept", "supported", "tests", "king", "security", "basic", "ideas", "external", "secret",
        "potential", "software", "worth", "surface", "depends", "rank", "checked", "dead", "hit", "knowledge", "trigger",
        "core", "mid", "finally", "receive", "radio", "driver", "saved", "placed", "signal", "forms", "messages", "sea",
        "hour", "deploy", "compare", "blue", "middle", "shared", "await", "requests", "million", "thinking", "interval",
        "goal", "voice", "factor", "personal", "god", "dynamic", "choice", "flag", "hot", "months", "online", "stage",
        "analysis", "sorry", "degree", "desired", "alone", "articles", "internal", "appeared", "maximum", "platform",
        "capital", "river", "summer", "winter", "market", "doctor", "teacher", "student", "forest", "bridge", "street",
        "chair", "picture",
    };
    // clang-format on
    return words;
}

} // namespace lorascope
