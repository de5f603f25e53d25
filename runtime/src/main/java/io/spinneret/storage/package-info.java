@NullMarked
package io.spinneret.storage;

import org.jspecify.annotations.NullMarked;
