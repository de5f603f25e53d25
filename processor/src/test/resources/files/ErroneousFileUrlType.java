package test.files;

import io.spinneret.annotations.FileUrl;
import io.spinneret.annotations.Item;
import io.spinneret.api.StoredFile;
import java.util.List;

@Item(key = "upc")
public record ErroneousFileUrlType(String upc,
        @FileUrl String coverUrl,
        @FileUrl List<String> imageUrls,
        @FileUrl StoredFile fine) {}
