/**
 * The annotations a spider is written with ({@code @Spider}, {@code @Parse}, {@code @Item}...) and
 * the catalogue of settings, shared by the runtime and the annotation processor.
 */
module io.spinneret.annotations {
    exports io.spinneret.annotations;
}
