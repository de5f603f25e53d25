package test.processors;

import io.spinneret.annotations.ItemProcessors;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import io.spinneret.items.ItemProcessor;

@Spider(name = "erroneous_processors")
@ItemProcessors({
        ErroneousProcessors.NotAProcessor.class,
        ErroneousProcessors.OfString.class,
        ErroneousProcessors.NoConstructor.class,
        TrimTitle.class,
        TrimTitle.class,
        ErroneousProcessors.OfAuthor.class})
public class ErroneousProcessors {
    static final class NotAProcessor {}

    static final class OfString implements ItemProcessor<String> {
        public String process(String s) { return s; }
    }

    static final class NoConstructor implements ItemProcessor<Book> {
        NoConstructor(int x) {}
        public Book process(Book b) { return b; }
    }

    static final class OfAuthor implements ItemProcessor<Author> {
        public Author process(Author a) { return a; }
    }

    @Parse
    Book parse(Response page) {
        return null;
    }
}
