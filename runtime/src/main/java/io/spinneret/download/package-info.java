@NullMarked
package io.spinneret.download;

import org.jspecify.annotations.NullMarked;
