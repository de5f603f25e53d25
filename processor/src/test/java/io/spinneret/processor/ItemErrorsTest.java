package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Errors on @Item records. */
class ItemErrorsTest {
    @Test
    void itemOnAClassIsAnError() {
        Compilation c = Compilations.compile("items/ErroneousNotRecord.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("[ItemNotRecord] @Item must annotate a record, not a class")
                .inFile(Compilations.source("items/ErroneousNotRecord.java"))
                .onLineContaining("@Item(key = \"id\")");
    }

    @Test
    void unsupportedComponentTypesAreErrorsOnEachComponent() {
        Compilation c = Compilations.compile("items/ErroneousComponentType.java");
        var file = Compilations.source("items/ErroneousComponentType.java");
        assertThat(c).hadErrorCount(4);
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedComponentType] component 'payload' has type java.lang.Object, which cannot be stored")
                .inFile(file)
                .onLineContaining("Object payload");
        assertThat(c)
                .hadErrorContaining(
                        "component 'byNumber' has type java.util.Map<java.lang.Integer,java.lang.String>, which cannot be stored: map keys must be String")
                .inFile(file)
                .onLineContaining("byNumber");
        assertThat(c)
                .hadErrorContaining(
                        "component 'scores' has type int[], which cannot be stored: arrays are not supported; use a List")
                .inFile(file)
                .onLineContaining("int[] scores");
        assertThat(c).hadErrorContaining("component 'threads'").inFile(file).onLineContaining("List<Thread> threads");
    }

    @Test
    void keyNamingNoComponentIsAnErrorListingTheComponents() {
        Compilation c = Compilations.compile("items/ErroneousUnknownKey.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownKey] key 'ipc' names no component of ErroneousUnknownKey; did you mean 'upc'? Components: url, upc, price")
                .inFile(Compilations.source("items/ErroneousUnknownKey.java"))
                .onLineContaining("@Item(key = \"ipc\")");
    }

    @Test
    void itemWithoutKeyIsAnError() {
        Compilation c = Compilations.compile("items/ErroneousMissingKey.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("[MissingKey] @Item record ErroneousMissingKey has no key. Components: url, title")
                .inFile(Compilations.source("items/ErroneousMissingKey.java"))
                .onLineContaining("@Item");
    }

    @Test
    void twoKeyComponentsAreAnErrorOnTheSecond() {
        Compilation c = Compilations.compile("items/ErroneousTwoKeys.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("[DuplicateKey] components 'url' and 'sku' are both annotated @Key")
                .inFile(Compilations.source("items/ErroneousTwoKeys.java"))
                .onLineContaining("@Key String sku");
    }
}
