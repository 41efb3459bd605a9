"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), s.backslash = "C:\\path\\to", s.empty = "", s.hex = "\00\01\FF", s.newline = "line1\0Aline2", s.plain = "hello", s.quote = "say \22hi\22", s.tab = "a\09b", s.typed = "abc" : i32, s.utf8 = "caf\C3\A9", sym_name = "strings"} : () -> ()
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), s.list = ["a", "b\22c", "d\\e"], sym_name = "string_in_array"} : () -> ()
}) : () -> ()

