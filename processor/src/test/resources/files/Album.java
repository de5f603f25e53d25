package test.files;

import io.spinneret.annotations.FileUrl;
import io.spinneret.annotations.Item;
import io.spinneret.api.StoredFile;
import java.util.List;

@Item(key = "id")
public record Album(String id, @FileUrl StoredFile cover, String title, @FileUrl List<StoredFile> photos, StoredFile notDownloaded) {}
