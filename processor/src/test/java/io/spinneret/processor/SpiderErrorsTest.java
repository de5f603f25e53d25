package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Errors on @Spider classes and their @Parse methods. */
class SpiderErrorsTest {
    @Test
    void duplicateCallbackNameIsAnErrorOnTheSecondName() {
        Compilation c = Compilations.compile("spiders/ErroneousDuplicateCallback.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[DuplicateCallback] callback 'detail' is already defined by method detail() in spider 'duplicate-callback'")
                .inFile(Compilations.source("spiders/ErroneousDuplicateCallback.java"))
                .onLineContaining("@Parse(callback = \"detail\")");
    }

    @Test
    void duplicateSpiderNameInOneCompilationIsAnError() {
        Compilation c = Compilations.compile(
                "spiders/ErroneousDuplicateSpiderA.java", "spiders/ErroneousDuplicateSpiderB.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[DuplicateSpider] spider name 'twins' is already used by test.spiders.ErroneousDuplicateSpiderA")
                .inFile(Compilations.source("spiders/ErroneousDuplicateSpiderB.java"))
                .onLineContaining("name = \"twins\",");
    }

    @Test
    void spiderWithoutParseCallbackIsAnError() {
        Compilation c = Compilations.compile("spiders/ErroneousMissingParse.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("[MissingParseCallback] spider 'no-parse' has no 'parse' callback")
                .inFile(Compilations.source("spiders/ErroneousMissingParse.java"))
                .onLineContaining("@Spider(name = \"no-parse\")");
        assertThat(c).hadErrorContaining("Callbacks: detail, start");
    }

    @Test
    void privateAndStaticCallbacksAreErrors() {
        Compilation c = Compilations.compile("spiders/ErroneousCallbackModifiers.java");
        var file = Compilations.source("spiders/ErroneousCallbackModifiers.java");
        assertThat(c).hadErrorCount(2);
        assertThat(c)
                .hadErrorContaining("[PrivateCallback] @Parse method hidden() must not be private")
                .inFile(file)
                .onLineContaining("void hidden(");
        assertThat(c)
                .hadErrorContaining("[StaticCallback] @Parse method shared() must not be static")
                .inFile(file)
                .onLineContaining("void shared(");
    }

    @Test
    void unsupportedAndRepeatedParametersAreErrors() {
        Compilation c = Compilations.compile("spiders/ErroneousCallbackParameters.java");
        var file = Compilations.source("spiders/ErroneousCallbackParameters.java");
        assertThat(c).hadErrorCount(2);
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedParameter] @Parse method withString() has a parameter of type java.lang.String")
                .inFile(file)
                .onLineContaining("void withString(");
        assertThat(c)
                .hadErrorContaining("[DuplicateParameter] @Parse method twice() has more than one Response parameter")
                .inFile(file)
                .onLineContaining("void twice(");
    }

    @Test
    void returnTypesThatCanNeverBeItemsOrRequestsAreErrors() {
        Compilation c = Compilations.compile("spiders/ErroneousCallbackReturn.java");
        var file = Compilations.source("spiders/ErroneousCallbackReturn.java");
        assertThat(c).hadErrorCount(3);
        assertThat(c)
                .hadErrorContaining("[UnsupportedReturnType] @Parse method title() returns java.lang.String")
                .inFile(file)
                .onLineContaining("String title(");
        assertThat(c)
                .hadErrorContaining("method numbers() returns java.util.List<java.lang.Integer>")
                .inFile(file)
                .onLineContaining("numbers(");
        assertThat(c)
                .hadErrorContaining("method count() returns int")
                .inFile(file)
                .onLineContaining("int count(");
    }

    @Test
    void abstractSpiderIsAnError() {
        Compilation c = Compilations.compile("spiders/ErroneousAbstractSpider.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("[AbstractSpider] spider class test.spiders.ErroneousAbstractSpider is abstract")
                .inFile(Compilations.source("spiders/ErroneousAbstractSpider.java"))
                .onLineContaining("@Spider(name = \"abstract\")");
    }

    @Test
    void privateNestedAndInnerSpidersAreErrors() {
        Compilation c = Compilations.compile("spiders/ErroneousNestedSpiders.java");
        var file = Compilations.source("spiders/ErroneousNestedSpiders.java");
        assertThat(c).hadErrorCount(2);
        assertThat(c)
                .hadErrorContaining(
                        "[InaccessibleSpider] spider class test.spiders.ErroneousNestedSpiders.Hidden is private")
                .inFile(file)
                .onLineContaining("private-nested");
        assertThat(c)
                .hadErrorContaining(
                        "[InaccessibleSpider] spider class test.spiders.ErroneousNestedSpiders.Inner is an inner (non-static) class")
                .inFile(file)
                .onLineContaining("\"inner\"");
    }

    @Test
    void spiderWithoutNoArgumentConstructorIsAnError() {
        Compilation c = Compilations.compile("spiders/ErroneousNoConstructor.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[NoDefaultConstructor] spider class test.spiders.ErroneousNoConstructor has no accessible no-argument constructor")
                .inFile(Compilations.source("spiders/ErroneousNoConstructor.java"))
                .onLineContaining("@Spider(name = \"no-constructor\")");
    }

    @Test
    void badSpiderNameAndRelativeStartUrlAreErrors() {
        Compilation c = Compilations.compile("spiders/ErroneousSpiderName.java");
        var file = Compilations.source("spiders/ErroneousSpiderName.java");
        assertThat(c).hadErrorCount(2);
        assertThat(c)
                .hadErrorContaining("[BadSpiderName] spider name 'my spider' is not a valid name")
                .inFile(file)
                .onLineContaining("\"my spider\"");
        assertThat(c)
                .hadErrorContaining("[BadStartUrl] start URL 'example.com/page' is not an absolute http(s) URL")
                .inFile(file)
                .onLineContaining("\"example.com/page\"");
    }

    @Test
    void returnTypeThatNeverAppearsIsReportedAfterTheLastRound() {
        Compilation c = Compilations.compile("spiders/ErroneousUnresolvedReturn.java");
        var file = Compilations.source("spiders/ErroneousUnresolvedReturn.java");
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("cannot find symbol").inFile(file).onLineContaining("NoSuchItem detail(");
        assertThat(c)
                .hadErrorContaining("[UnresolvedType] type NoSuchItem of detail() cannot be resolved")
                .inFile(file)
                .onLineContaining("NoSuchItem detail(");
        assertThat(c).hadErrorCount(2);
    }
}
