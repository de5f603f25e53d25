@NullMarked
package io.spinneret.pipeline;

import org.jspecify.annotations.NullMarked;
