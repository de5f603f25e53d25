package test.constraints;

import io.spinneret.annotations.Item;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Size;

@Item(key = "id")
public record ErroneousConstraints(
        String id,
        @Pattern(regexp = "[a-z") String badRegex,
        @NotBlank int notBlankOnInt,
        @Min(1) String minOnString,
        @NotNull double notNullOnPrimitive,
        @Email String email,
        @Size(min = 5, max = 2) String badSize,
        @DecimalMin("one") double badDecimal) {}
