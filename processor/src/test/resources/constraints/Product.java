package test.constraints;

import io.spinneret.annotations.Item;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Negative;
import jakarta.validation.constraints.NegativeOrZero;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.List;

@Item(key = "sku")
public record Product(
        String sku,
        @NotBlank String title,
        @NotNull String url,
        @Positive double price,
        @PositiveOrZero Integer stock,
        @Min(1) @Max(5) int rating,
        @Pattern(regexp = "[A-Z]{3}", flags = Pattern.Flag.CASE_INSENSITIVE) String currency,
        @Size(min = 1, max = 3) List<String> tags,
        @NotEmpty String code,
        @DecimalMin(value = "0.5", inclusive = false) @DecimalMax("100") BigDecimal weight,
        @Negative long offset,
        @NegativeOrZero Long delta) {}
