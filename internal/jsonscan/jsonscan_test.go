package jsonscan

import "testing"

func TestOutside(t *testing.T) {
	in := `{"a[": ["x\"]", 1, true], "b\\": {}}`
	var got []byte
	for _, c := range Outside([]byte(in)) {
		got = append(got, c)
	}
	if want := `{: [, 1, true], : {}}`; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for i, c := range Outside([]byte(in)) {
		if in[i] != c {
			t.Fatalf("offset %d: %q is not %q", i, c, in[i])
		}
		break
	}
}
