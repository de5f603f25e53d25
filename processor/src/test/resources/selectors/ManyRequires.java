package test.selectors;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

/** Eleven callbacks with {@code requires}: more entries than {@code Map.of} takes. */
@Spider(name = "manyRequires", renderer = Renderer.AUTO)
public class ManyRequires {
    @Parse(requires = "div.start")
    void parse(Response page) {}

    @Parse(callback = "page1", requires = "div.part1")
    void page1(Response page) {}

    @Parse(callback = "page2", requires = "div.part2")
    void page2(Response page) {}

    @Parse(callback = "page3", requires = "div.part3")
    void page3(Response page) {}

    @Parse(callback = "page4", requires = "div.part4")
    void page4(Response page) {}

    @Parse(callback = "page5", requires = "div.part5")
    void page5(Response page) {}

    @Parse(callback = "page6", requires = "div.part6")
    void page6(Response page) {}

    @Parse(callback = "page7", requires = "div.part7")
    void page7(Response page) {}

    @Parse(callback = "page8", requires = "div.part8")
    void page8(Response page) {}

    @Parse(callback = "page9", requires = "div.part9")
    void page9(Response page) {}

    @Parse(callback = "page10", requires = "div.part10")
    void page10(Response page) {}

    @Parse(callback = "page11", requires = "div.part11")
    void page11(Response page) {}
}
