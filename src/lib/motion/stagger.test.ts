import { staggerDelay, staggerProps } from './stagger';

describe('staged motion delays (docs/product.md, Constants)', () => {
  it('start at 0.32 s and grow by 0.09 s per item', () => {
    expect([0, 1, 2, 5].map(staggerDelay)).toEqual([0.32, 0.41, 0.5, 0.77]);
  });

  it('stop growing at item 10', () => {
    expect(staggerDelay(10)).toBe(1.22);
    expect(staggerDelay(11)).toBe(1.22);
    expect(staggerDelay(250)).toBe(1.22);
  });

  it('treat a negative index as the first item', () => {
    expect(staggerDelay(-3)).toBe(0.32);
  });

  it('set the delay as a custom property on a stagger item', () => {
    expect(staggerProps(3)).toEqual({ className: 'stagger', style: { '--stagger-delay': '0.59s' } });
  });
});
