package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Constraints that cannot be checked are compile errors on their component. */
class ConstraintErrorsTest {
    static final String FILE = "constraints/ErroneousConstraints.java";

    @Test
    void everyUncheckableConstraintIsAnErrorOnItsComponent() {
        Compilation c = Compilations.compile(FILE);
        var file = Compilations.source(FILE);
        assertThat(c).hadErrorCount(7);
        assertThat(c)
                .hadErrorContaining(
                        "[BadPattern] @Pattern(regexp = \"[a-z\") on component 'badRegex' does not compile: Unclosed character class")
                .inFile(file)
                .onLineContaining("String badRegex");
        assertThat(c)
                .hadErrorContaining(
                        "[ConstraintType] @NotBlank on component 'notBlankOnInt' of type int does not apply; it applies to String")
                .inFile(file)
                .onLineContaining("int notBlankOnInt");
        assertThat(c)
                .hadErrorContaining(
                        "[ConstraintType] @Min on component 'minOnString' of type java.lang.String does not apply; it applies to numbers")
                .inFile(file)
                .onLineContaining("String minOnString");
        assertThat(c)
                .hadErrorContaining(
                        "[ConstraintType] @NotNull on component 'notNullOnPrimitive' of type double does not apply; it applies to a reference type")
                .inFile(file)
                .onLineContaining("double notNullOnPrimitive");
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedConstraint] @Email on component 'email' is not checked by Spinneret; supported: NotNull, NotBlank")
                .inFile(file)
                .onLineContaining("String email");
        assertThat(c)
                .hadErrorContaining("[BadConstraint] @Size on component 'badSize': min 5 and max 2 admit no size")
                .inFile(file)
                .onLineContaining("String badSize");
        assertThat(c)
                .hadErrorContaining(
                        "[BadConstraint] @DecimalMin on component 'badDecimal': 'one' is not a decimal number")
                .inFile(file)
                .onLineContaining("double badDecimal");
    }
}
