@NullMarked
package io.spinneret.writer;

import org.jspecify.annotations.NullMarked;
