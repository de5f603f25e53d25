package test.serializer;

import io.spinneret.annotations.Item;
import java.util.List;
import java.util.Map;

/** Wildcards and a nested item type; table name from an acronym. */
@Item(key = "url")
record HTTPPageView(String url, List<? extends Integer> counts, Map<String, ? extends Category> categories) {}
