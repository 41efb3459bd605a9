package ir

import "testing"

// TestNewDictionary checks that entries come out sorted by name and that
// a later duplicate replaces an earlier one, as With does.
func TestNewDictionary(t *testing.T) {
	d := NewDictionary([]NamedAttr{
		{"b", I64Attr(1)}, {"a", I64Attr(2)}, {"c", I64Attr(3)}, {"a", I64Attr(4)}, {"ab", I64Attr(5)}, {"c", I64Attr(6)},
	})
	want := DictionaryAttr{{"a", I64Attr(4)}, {"ab", I64Attr(5)}, {"b", I64Attr(1)}, {"c", I64Attr(6)}}
	if len(d) != len(want) {
		t.Fatalf("got %v, want %v", d, want)
	}
	for i := range want {
		if d[i].Name != want[i].Name || !AttrEqual(d[i].Value, want[i].Value) {
			t.Fatalf("got %v, want %v", d, want)
		}
	}
	var w DictionaryAttr
	for _, e := range []NamedAttr{{"b", I64Attr(1)}, {"a", I64Attr(2)}, {"a", I64Attr(4)}} {
		w = w.With(e.Name, e.Value)
	}
	if got := NewDictionary([]NamedAttr{{"b", I64Attr(1)}, {"a", I64Attr(2)}, {"a", I64Attr(4)}}); got.String() != w.String() {
		t.Errorf("NewDictionary gives %v, With gives %v", got, w)
	}
}
