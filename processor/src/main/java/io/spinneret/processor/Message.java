package io.spinneret.processor;

import java.util.Arrays;
import java.util.Locale;

/**
 * Every diagnostic the processor reports: a stable code (shown in brackets, searchable), a
 * message template and a fixed hint. Messages name the problem and the valid choices.
 */
enum Message {
    // ---- callbacks used in method bodies
    UNKNOWN_CALLBACK("UnknownCallback", "no callback '%s' in spider '%s'%s Callbacks: %s", ""),
    UNKNOWN_ERRBACK("UnknownErrback", "no errback '%s' in spider '%s'%s Errbacks: %s", ""),
    NON_CONSTANT_CALLBACK(
            "NonConstantCallback",
            "callback name is not a compile-time constant, so it is checked at run time only",
            "use a string literal or a constant of %s"),

    // ---- @Parse and @Errback methods
    DUPLICATE_CALLBACK(
            "DuplicateCallback",
            "callback '%s' is already defined by %s in spider '%s'",
            "callbacks and errbacks share one set of names; rename one with @Parse(callback = \"...\") or @Errback(name = \"...\")"),
    PARSE_AND_ERRBACK(
            "ParseAndErrback",
            "method %s() is annotated both @Parse and @Errback",
            "a method handles either responses (@Parse) or failures (@Errback); remove one"),
    BAD_CALLBACK_NAME(
            "BadCallbackName",
            "callback name '%s' is not a valid name",
            "use letters, digits, '_', '-' or '.', starting with a letter or '_'"),
    CALLBACK_PRIVATE(
            "PrivateCallback",
            "@%s method %s() must not be private",
            "generated dispatch code calls it directly; make it package-private or public"),
    CALLBACK_STATIC(
            "StaticCallback",
            "@%s method %s() must not be static",
            "callbacks run on the spider instance of a crawl; remove 'static'"),
    CALLBACK_NOT_ACCESSIBLE(
            "InaccessibleCallback",
            "@%s method %s() is declared in %s and cannot be called from package '%s'",
            "make it public"),
    UNSUPPORTED_PARAMETER(
            "UnsupportedParameter",
            "@%s method %s() has a parameter of type %s",
            "its parameters are %s, at most one of each, in any order"),
    DUPLICATE_PARAMETER(
            "DuplicateParameter",
            "@%s method %s() has more than one %s parameter",
            "its parameters are %s, at most one of each, in any order"),
    UNSUPPORTED_RETURN(
            "UnsupportedReturnType",
            "@%s method %s() returns %s, which can never be an item or a request",
            "return void, an @Item record, a Request, or an Iterable, List, Stream, Optional or array of those (or Object, checked at run time)"),
    DUPLICATE_START("DuplicateStart", "spider '%s' has more than one @Start method: %s and %s", "keep one"),
    START_AND_HANDLER(
            "StartAndCallback",
            "method %s() is annotated @Start and @Parse or @Errback",
            "the @Start method makes the start requests; callbacks handle their responses"),
    START_RETURNS_ITEMS(
            "StartReturnsItems",
            "@Start method %s() returns %s, but it makes requests, not items",
            "return a Request, or an Iterable, List, Stream, Optional or array of them"),
    DUPLICATE_BLOCKED(
            "DuplicateBlocked",
            "spider '%s' has more than one @Blocked method: %s and %s",
            "a spider judges blocked responses in one place; keep one"),
    BLOCKED_SIGNATURE(
            "BlockedSignature", "@Blocked method %s() is declared %s", "did you mean: boolean %s(Response response)?"),
    BLOCKED_AND_HANDLER(
            "BlockedAndCallback",
            "method %s() is annotated @Blocked and @Parse, @Errback or @Start",
            "the @Blocked method only judges responses; callbacks handle them"),
    UNRESOLVED_TYPE("UnresolvedType", "type %s of %s() cannot be resolved", "check imports and dependencies"),

    // ---- @Spider classes
    DUPLICATE_SPIDER(
            "DuplicateSpider", "spider name '%s' is already used by %s", "spider names must be unique; rename one"),
    BAD_SPIDER_NAME(
            "BadSpiderName",
            "spider name '%s' is not a valid name",
            "use letters, digits, '_', '-' or '.', starting with a letter"),
    MISSING_PARSE(
            "MissingParseCallback",
            "spider '%s' has no 'parse' callback (start requests and follow(href) go to 'parse'). Callbacks: %s",
            "add a method annotated @Parse named parse, or @Parse(callback = \"parse\")"),
    SPIDER_NOT_CLASS("SpiderNotClass", "@Spider must annotate a class, not %s", "make it a class"),
    SPIDER_ABSTRACT(
            "AbstractSpider",
            "spider class %s is abstract",
            "the runtime creates an instance per crawl; make it concrete"),
    SPIDER_NOT_ACCESSIBLE(
            "InaccessibleSpider",
            "spider class %s is %s",
            "make it a top-level or static nested class that is not private"),
    SPIDER_NO_CONSTRUCTOR(
            "NoDefaultConstructor",
            "spider class %s has no accessible no-argument constructor",
            "add a constructor without parameters that is not private"),
    NOT_A_SPIDER(
            "NotASpider",
            "@%s method %s() is in %s, which is no @Spider and which no @Spider of this compilation extends: nothing calls it",
            "annotate the class with @Spider(name = \"...\"), or make it abstract if it is the base class of spiders compiled elsewhere"),
    BAD_START_URL("BadStartUrl", "start URL '%s' is not an absolute http(s) URL", "write it like https://example.com/"),
    BAD_URL(
            "BadUrl",
            "'%s' is no http(s) URL and no URL relative to the page: its scheme is '%s'%s",
            "write https://... for another site, or a path like /page/2 for this one"),

    // ---- @Arg fields
    ARG_UNSUPPORTED_TYPE(
            "UnsupportedArgumentType",
            "@Arg field '%s' has type %s",
            "supported: String, int, long, double, boolean and their boxes, an enum that is not private, List<String>"),
    ARG_NOT_SETTABLE(
            "InaccessibleArgument",
            "@Arg field '%s' is %s",
            "the generated code sets it on each new spider; make it an instance field that is neither private nor final"),
    ARG_BAD_NAME(
            "BadArgumentName",
            "argument name '%s' is not a valid name",
            "use letters, digits, '_', '-' or '.', starting with a letter or '_'"),
    ARG_DUPLICATE(
            "DuplicateArgument",
            "argument '%s' is declared by both field %s and field %s",
            "rename one with @Arg(name = \"...\")"),
    ARG_NOT_IN_SPIDER(
            "StrayArgument",
            "@Arg field %s is in %s, which is no @Spider and which no @Spider of this compilation extends: nothing sets it",
            "annotate the class with @Spider(name = \"...\"), or make it abstract if it is the base class of spiders compiled elsewhere"),
    ARG_BAD_DEFAULT(
            "BadArgumentDefault",
            "the default of argument '%s' %s",
            "write it as on the command line (-a name=value), or leave defaultValue out to make the argument required"),

    // ---- settings
    MALFORMED_SETTING("MalformedSetting", "setting '%s' is not key=value", "write it like \"concurrency=8\""),
    UNKNOWN_SETTING("UnknownSetting", "unknown setting key '%s'%s Keys: %s", ""),
    BAD_SETTING_VALUE("BadSettingValue", "setting '%s' %s", "%s"),

    // ---- selectors
    JUDGED_BY_SELECTORS(
            "AutoRender",
            "callback '%s' of spider '%s': renderer = auto judges its HTTP pages by %s",
            "a page that fails is rendered in the browser; see docs/browser.md"),
    UNREAD_SELECTORS(
            "AutoRender",
            "callback '%s' of spider '%s': its selectors cannot be read (%s), so renderer = auto samples its pages by rendering",
            "pass selector literals or constants to the response's css/cssFirst/textOf/attrOf/xpath, or state @Parse(requires = \"...\")"),
    BAD_SELECTOR(
            "BadSelector",
            "CSS selector \"%s\" does not parse: %s",
            "jsoup selector syntax; see https://jsoup.org/cookbook/extracting-data/selector-syntax"),
    BAD_XPATH(
            "BadXPath",
            "XPath \"%s\" does not evaluate: %s",
            "XPath 1.0 as jsoup's selectXpath evaluates it (javax.xml.xpath): a path that selects nodes, such as //h1, //a/@href or //title/text()"),
    XPATH_NOT_ELEMENTS(
            "XPathNotElements",
            "xpath(\"%s\") selects %s, which are no elements, and fails at run time",
            "did you mean xpathTexts(\"%s\")? It gives their strings"),

    // ---- link rules: @Follow and page.links()
    BAD_REGEX(
            "BadRegex",
            "regular expression \"%s\" does not compile: %s",
            "Java regex syntax (java.util.regex.Pattern), searched anywhere in the absolute URL; for shell-style patterns use allowGlob/denyGlob"),
    BAD_GLOB(
            "BadGlob",
            "glob \"%s\" does not compile: %s",
            "** matches anything, * and ? stay within a path segment, [abc] and [!abc] sets, {a,b} alternatives, \\ escapes; see io.spinneret.annotations.Glob"),
    BAD_LINK_TAG(
            "BadLinkTag",
            "'%s' is not a tag or attribute name",
            "write a plain name such as a, area, link, href or src"),

    // ---- @Item records
    ITEM_NOT_RECORD("ItemNotRecord", "@Item must annotate a record, not %s", "declare it as: record %s(...) {}"),
    ITEM_NOT_ACCESSIBLE(
            "InaccessibleItem",
            "%s %s is private",
            "generated serializers must see it; make it package-private or public"),
    ITEM_GENERIC(
            "GenericItem",
            "@Item record %s has type parameters",
            "items are stored in fixed columns; use concrete component types"),
    UNSUPPORTED_COMPONENT(
            "UnsupportedComponentType",
            "component '%s' has type %s, which cannot be stored: %s",
            "supported: String, char, enums, primitive numbers and their boxes, BigInteger, BigDecimal, boolean, Instant, "
                    + "OffsetDateTime, ZonedDateTime, LocalDateTime, LocalDate, and List/Set/Collection, Map<String, V> and records of those"),
    UNKNOWN_KEY("UnknownKey", "key '%s' names no component of %s%s Components: %s", ""),
    MISSING_KEY(
            "MissingKey",
            "@Item record %s has no key. Components: %s",
            "name the key with @Item(key = \"...\") or annotate one component with @Key"),
    DUPLICATE_KEY("DuplicateKey", "%s", "an item has exactly one key component"),
    BAD_KEY_TYPE(
            "BadKeyType",
            "key component '%s' is stored as JSON",
            "the key must be a plain value (string, number, boolean, time)"),
    FILE_URL_TYPE(
            "FileUrlType",
            "@FileUrl component '%s' has type %s",
            "make it a StoredFile (one file) or a List<StoredFile>, and fill it with StoredFile.of(url)"),

    // ---- constraints of @Item components
    UNSUPPORTED_CONSTRAINT(
            "UnsupportedConstraint",
            "@%s on component '%s' is not checked by Spinneret",
            "supported: %s (other constraints would be ignored silently, so they are an error)"),
    CONSTRAINT_TYPE("ConstraintType", "@%s on component '%s' of type %s does not apply", "it applies to %s"),
    BAD_PATTERN(
            "BadPattern", "@Pattern(regexp = \"%s\") on component '%s' does not compile: %s", "java.util.regex syntax"),
    BAD_CONSTRAINT("BadConstraint", "%s on component '%s': %s", "fix the bounds"),

    // ---- @ItemProcessors of a spider
    NOT_AN_ITEM_PROCESSOR(
            "NotAnItemProcessor",
            "%s does not implement ItemProcessor<X> for an @Item record X%s",
            "write: final class %s implements io.spinneret.items.ItemProcessor<YourItem> { public YourItem process(YourItem item) { ... } }"),
    BAD_ITEM_PROCESSOR(
            "BadItemProcessor",
            "item processor %s %s",
            "the generated code makes one with 'new' per crawl: a concrete class with a no-argument constructor the spider's package can call"),
    DUPLICATE_ITEM_PROCESSOR(
            "DuplicateItemProcessor",
            "item processor %s is named twice",
            "each processor runs once per item; remove one"),
    UNUSED_ITEM_PROCESSOR(
            "UnusedItemProcessor",
            "item processor %s handles %s, which spider '%s' never emits",
            "it would never run; its callbacks emit: %s"),

    // ---- internal
    INTERNAL_ERROR(
            "InternalError", "the Spinneret processor failed on %s: %s", "please report this with the stack trace: %s");

    private final String code;
    private final String template;
    private final String hint;

    Message(String code, String template, String hint) {
        this.code = code;
        this.template = template;
        this.hint = hint;
    }

    String code() {
        return code;
    }

    /**
     * The full text: {@code [Code] message; hint}. Arguments fill the template first, then any
     * {@code %s} left in the hint.
     */
    String format(Object... args) {
        int inTemplate = count(template);
        Object[] first = Arrays.copyOf(args, Math.min(inTemplate, args.length));
        StringBuilder out =
                new StringBuilder("[").append(code).append("] ").append(String.format(Locale.ROOT, template, first));
        if (!hint.isEmpty()) {
            Object[] rest =
                    args.length > inTemplate ? Arrays.copyOfRange(args, inTemplate, args.length) : new Object[0];
            String h = count(hint) <= rest.length ? String.format(Locale.ROOT, hint, rest) : hint;
            out.append("; ").append(h);
        }
        return out.toString();
    }

    private static int count(String s) {
        int n = 0;
        for (int i = s.indexOf("%s"); i >= 0; i = s.indexOf("%s", i + 2)) n++;
        return n;
    }
}
