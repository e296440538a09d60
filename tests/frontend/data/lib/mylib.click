elementclass Lib { $n | input -> Paint($n) -> output }
libelem :: Idle;
require(library sub/inner.click);
